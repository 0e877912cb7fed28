import { PROTOCOLS } from '@jejak/protocols';
import type { Config } from '../config/schema.ts';
import { createAddressGate, type AddressGate } from '../gateway/address-gate.ts';
import { createGatewayCounters, type GatewayCounters } from '../gateway/counters.ts';
import type { GatewayContext } from '../gateway/device-channel.ts';
import { createDeviceOwners } from '../gateway/device-owner.ts';
import { createFlowGate } from '../gateway/flow-gate.ts';
import { limitGatewayFleet } from '../gateway/gateway-fleet.ts';
import { startHttpGateway } from '../gateway/http-gateway.ts';
import { trustedProxies, type TrustedProxies } from '../gateway/proxy-source.ts';
import { createImeiClaims } from '../gateway/imei-claims.ts';
import { createLogThrottle } from '../gateway/log-throttle.ts';
import { listenOnOnePort } from '../gateway/one-port.ts';
import { startTcpGateway, type ListenerOptions, type RunningListener } from '../gateway/tcp-gateway.ts';
import { startUdpGateway } from '../gateway/udp-gateway.ts';
import { createUnknownGuard } from '../gateway/unknown-guard.ts';
import { createCommandCourier } from '../gateway/commands/command-courier.ts';
import { createCommandRepo } from '../storage/repos/fleet/command-repo.ts';
import { createPipeline, type Pipeline } from '../pipeline/pipeline.ts';
import { coalesceReads } from '../lib/coalesce.ts';
import { createIngestStore } from '../storage/ingest/ingest-store.ts';
import { createOwnerStore } from '../storage/ingest/owner-store.ts';
import { createRecomputeStore } from '../storage/ingest/recompute-store.ts';
import { createRuleLoader } from '../storage/repos/alerts/rule-loader.ts';
import { SWEEP_INTERVAL_MS } from './cluster-jobs.ts';
import type { Shared } from './shared.ts';

export interface GatewayRole {
  pipeline: Pipeline;
  counters: GatewayCounters;
  /** Listening ports: `id` for TCP, `id/udp` and `id/http` for the others. */
  gatewayPorts: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * The device gateways and the pipeline behind them (DESIGN §1). The pipeline holds each connected
 * device's state, so what needs that state stays here: the disconnect sweep and the recomputes of
 * late data (their delay timers run in the pipeline, in the device's order). Scaled out, a node
 * sweeps and recomputes only the devices it holds; the scheduler hands it those no live node
 * holds (ADR 0062).
 */
export async function startGatewayRole(shared: Shared): Promise<GatewayRole> {
  const { config, now, onError } = shared;
  const claims = createImeiClaims();
  // Several gateway nodes share the devices only on PostgreSQL with NATS (ADR 0061); one node
  // (`jejak start`, PGlite) needs no owners and pays nothing for them.
  const owners = shared.scaledOut
    ? createDeviceOwners({
        store: createOwnerStore(shared.db),
        bus: shared.bus,
        node: shared.node.name,
        release: (dvid) => pipeline.release(dvid),
        evict: (dvid, by) => claims.evict(dvid, by),
        onError,
      })
    : null;
  const pipeline = createPipeline({ ...pipelineOptions(shared), owners, observer: shared.metrics.commit });
  const counters = createGatewayCounters();
  const commands = createCommandCourier({
    repo: createCommandRepo(shared.db),
    claims,
    bus: shared.bus,
    now,
    log: shared.log,
  });
  const { ports: gatewayPorts, listeners } = await startGateways(config, {
    pipeline,
    fleet: limitGatewayFleet(shared.fleet, config.JEJAK_GATEWAY_MAX_LOOKUPS, config.JEJAK_GATEWAY_UNKNOWN_MAX_ROWS),
    counters,
    log: shared.log,
    now,
    unknown: createUnknownGuard(
      { perAddress: config.JEJAK_GATEWAY_UNKNOWN_PER_ADDRESS, windowMs: config.JEJAK_GATEWAY_UNKNOWN_WINDOW_MS },
      now,
    ),
    claims,
    owners,
    conflictLog: createLogThrottle(10_000, now),
    takeoverSilenceMs: config.JEJAK_GATEWAY_TAKEOVER_SILENCE_MS,
    reportClone: (notice) => shared.bus.enqueue('device.clone', notice),
    commands,
  });
  Object.assign(shared.listening, gatewayPorts);
  shared.metrics.observe({
    gateway: {
      counters,
      listeners: () =>
        listeners.map(({ protocol, transport, listener }) => ({
          protocol,
          transport,
          connections: listener.connections(),
        })),
      pipeline: () => pipeline.queue(),
    },
  });
  const sweepNow = owners ? () => pipeline.sweepHeld() : () => pipeline.sweepDisconnected();
  let stopWork = () => {};
  if (owners) {
    // A device whose node died with its recompute pending: taken over here, and recomputed.
    stopWork = shared.bus.work('device.recompute', async ({ dvid }) => {
      await owners.hold(dvid);
      await pipeline.adopt(dvid);
    });
  } else {
    // Vehicles whose trackers went silent while the server was down are DISCONNECTED now.
    await pipeline.sweepDisconnected();
    // Late data the last run stored but had not recomputed yet (ADR 0025).
    await pipeline.resumeRecomputes();
  }
  const sweep = setInterval(
    () => void sweepNow().catch((e: unknown) => onError(e, 'disconnect sweep')),
    SWEEP_INTERVAL_MS,
  );
  return {
    pipeline,
    counters,
    gatewayPorts,
    async stop() {
      clearInterval(sweep);
      stopWork();
      commands.stop();
      owners?.stop();
      for (const { listener } of listeners) await listener.close();
      await pipeline.close();
    },
  };
}

function pipelineOptions({ config, db, database, bus, fleet, geofences, now, onError }: Shared) {
  return {
    store: createIngestStore(db, { lockRows: database.kind === 'postgres', timeZone: config.JEJAK_TIME_ZONE }),
    fleet,
    bus,
    transit: {
      movingSpeedKmh: config.JEJAK_TRANSIT_MOVING_SPEED_KMH,
      parkAfterStopMs: config.JEJAK_TRANSIT_PARK_AFTER_MS,
      disconnectAfterMs: config.JEJAK_TRANSIT_DISCONNECT_AFTER_MS,
    },
    segmenter: {
      minParkingMs: config.JEJAK_TRIP_MIN_PARKING_MS,
      minTripKm: config.JEJAK_TRIP_MIN_KM,
      minTripMs: config.JEJAK_TRIP_MIN_MS,
      minTripDisplacementM: config.JEJAK_TRIP_MIN_DISPLACEMENT_M,
    },
    geofence: { exitMarginM: config.JEJAK_GEOFENCE_EXIT_MARGIN_M },
    geofences,
    rules: {
      source: createRuleLoader(db),
      timeZone: config.JEJAK_TIME_ZONE,
      config: {
        speedMarginKmh: config.JEJAK_RULE_SPEED_MARGIN_KMH,
        accelerateMarginKmhPerS: config.JEJAK_RULE_ACCELERATE_MARGIN_KMH_S,
        minHoldMs: config.JEJAK_RULE_MIN_HOLD_MS,
        minHoldFixes: config.JEJAK_RULE_MIN_HOLD_FIXES,
      },
    },
    recompute: {
      store: createRecomputeStore(db, config.JEJAK_TIME_ZONE),
      delayMs: config.JEJAK_RECOMPUTE_DELAY_MS,
      maxWindowMs: config.JEJAK_RECOMPUTE_MAX_WINDOW_MS,
    },
    filter: {
      minSatellites: config.JEJAK_FILTER_MIN_SATELLITES,
      maxJumpSpeedKmh: config.JEJAK_FILTER_MAX_JUMP_SPEED_KMH,
      maxFutureMs: config.JEJAK_FILTER_MAX_FUTURE_MS,
      jitterRadiusM: config.JEJAK_FILTER_JITTER_RADIUS_M,
      stoppedSpeedKmh: config.JEJAK_TRANSIT_MOVING_SPEED_KMH,
      jumpConfirmations: config.JEJAK_FILTER_JUMP_CONFIRMATIONS,
      moveConfirmations: config.JEJAK_FILTER_MOVE_CONFIRMATIONS,
      moveConfirmWindowMs: config.JEJAK_FILTER_MOVE_CONFIRM_WINDOW_MS,
      moveConfirmRadiusM: config.JEJAK_FILTER_MOVE_CONFIRM_RADIUS_M,
      moveConfirmMinDisplacementM: config.JEJAK_FILTER_MOVE_CONFIRM_MIN_DISPLACEMENT_M,
      // One number for both: a movement without ignition is confirmed where it becomes a trip.
      moveConfirmNoIgnitionM: config.JEJAK_TRIP_MIN_DISPLACEMENT_M,
      moveMinSatellites: config.JEJAK_FILTER_MOVE_MIN_SATELLITES,
    },
    flushMs: config.JEJAK_STORE_FLUSH_MS,
    batchMax: config.JEJAK_STORE_BATCH_MAX,
    concurrentCommits: database.kind === 'postgres' ? config.JEJAK_STORE_CONCURRENT_COMMITS : 1,
    now,
    onError,
  };
}

/**
 * One listener per protocol and transport, on `JEJAK_<ID>_PORT` (the registry's default port
 * unless configured; -1 turns the protocol off). TCP and UDP of a protocol share the port.
 * Ports are reported as `id` for TCP and `id/udp`, `id/http` for the others.
 */
async function startGateways(
  config: Config,
  shared: Omit<GatewayContext, 'protocol' | 'deviceByImei'>,
): Promise<{ ports: Record<string, number>; listeners: LabelledListener[] }> {
  const ports: Record<string, number> = {};
  const listeners: LabelledListener[] = [];
  const flow = createFlowGate(
    {
      maxUnanswered: config.JEJAK_GATEWAY_TCP_MAX_UNANSWERED_TOTAL,
      maxConnections: config.JEJAK_GATEWAY_TCP_MAX_CONNECTIONS,
    },
    shared.counters,
  );
  const addresses = createAddressGate(
    {
      maxConnections: config.JEJAK_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS,
      connectBurst: config.JEJAK_GATEWAY_CONNECT_BURST_PER_ADDRESS,
      connectsPerMinute: config.JEJAK_GATEWAY_CONNECTS_PER_MINUTE_PER_ADDRESS,
      messageBurst: config.JEJAK_GATEWAY_MESSAGE_BURST_PER_ADDRESS,
      messagesPerMinute: config.JEJAK_GATEWAY_MESSAGES_PER_MINUTE_PER_ADDRESS,
    },
    shared.now,
  );
  const proxies = trustedProxies(config.JEJAK_TRUSTED_PROXIES);
  for (const protocol of PROTOCOLS) {
    const configured = config[`JEJAK_${protocol.id.toUpperCase()}_PORT`];
    if (configured === undefined || configured < 0) continue;
    const ctx: GatewayContext = {
      ...shared,
      protocol,
      deviceByImei: coalesceReads((imeis: string[]) => shared.fleet.devicesByImei(imeis, protocol.models)),
    };
    const start = (transport: (typeof protocol.transports)[number], port: number): Promise<RunningListener> => {
      const opts: ListenerOptions & { addresses: AddressGate; proxies: TrustedProxies } = {
        host: config.JEJAK_GATEWAY_HOST,
        port,
        idleTimeoutMs: config.JEJAK_GATEWAY_IDLE_TIMEOUT_MS,
        addresses,
        proxies,
      };
      return transport === 'tcp'
        ? startTcpGateway(ctx, { ...opts, maxUnansweredFrames: config.JEJAK_GATEWAY_TCP_MAX_UNANSWERED, flow })
        : transport === 'udp'
          ? startUdpGateway(ctx, {
              ...opts,
              idleTimeoutMs: config.JEJAK_GATEWAY_UDP_IDLE_TIMEOUT_MS,
              maxRemotes: config.JEJAK_GATEWAY_UDP_MAX_REMOTES,
              maxPending: config.JEJAK_GATEWAY_UDP_MAX_PENDING,
            })
          : startHttpGateway(ctx, opts);
    };
    const started = await listenOnOnePort(protocol.transports, configured, start);
    for (const [i, listener] of started.entries()) {
      const transport = protocol.transports[i];
      ports[transport === 'tcp' ? protocol.id : `${protocol.id}/${transport}`] = listener.port;
      listeners.push({ protocol: protocol.id, transport: transport ?? 'tcp', listener });
      shared.log.info({ protocol: protocol.id, transport, port: listener.port }, 'gateway listening');
    }
  }
  return { ports, listeners };
}

/** A listener with its protocol and transport, as the metrics name its connections. */
interface LabelledListener {
  protocol: string;
  transport: string;
  listener: RunningListener;
}
