import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@jejak/contract';
import { PROTOCOLS } from '@jejak/protocols';
import type { Config } from './config/schema.ts';
import { createInProcessBus, type Bus } from './bus/bus.ts';
import { seedDemoFleet } from './demo/seed.ts';
import { createAddressGate, type AddressGate } from './gateway/address-gate.ts';
import { createGatewayCounters, type GatewayCounters } from './gateway/counters.ts';
import type { GatewayContext } from './gateway/device-channel.ts';
import { createFlowGate } from './gateway/flow-gate.ts';
import { limitGatewayFleet } from './gateway/gateway-fleet.ts';
import { startHttpGateway } from './gateway/http-gateway.ts';
import { createImeiClaims } from './gateway/imei-claims.ts';
import { createLogThrottle } from './gateway/log-throttle.ts';
import { startTcpGateway, type ListenerOptions, type RunningListener } from './gateway/tcp-gateway.ts';
import { startUdpGateway } from './gateway/udp-gateway.ts';
import { createUnknownGuard } from './gateway/unknown-guard.ts';
import { registerEscalationRoutes } from './http/routes/escalation-routes.ts';
import { mapSettings } from './http/map-settings.ts';
import { buildHttpServer } from './http/server.ts';
import { createLiveHub } from './live/live-hub.ts';
import { createNotifications } from './notify/notifications.ts';
import type { SmsProvider } from './notify/providers/provider.ts';
import { createChainDriver, type ChainDriver } from './notify/escalation/chain-driver.ts';
import { chooseProviders, type Providers } from './notify/providers/choose-providers.ts';
import { createPipeline, type Pipeline } from './pipeline/pipeline.ts';
import { createAccountService } from './services/account-service.ts';
import { createAuditService } from './services/audit-service.ts';
import { createAuthService } from './services/auth-service.ts';
import { createSmtpMailer } from './services/mailer.ts';
import { createMigrationService } from './services/migration-service.ts';
import { createPackageService } from './services/package-service.ts';
import { createPasswordService } from './services/password-service.ts';
import { scryptHasher, type PasswordHasher } from './services/passwords.ts';
import { createScheduler, type Scheduler } from './services/scheduler.ts';
import { createDeviceService } from './services/device-service.ts';
import { createEventService } from './services/event-service.ts';
import { createEscalationService } from './services/escalation-service.ts';
import { createGeocodeService } from './services/geocode-service.ts';
import { createGeofenceService } from './services/geofence-service.ts';
import { createRecordsService } from './services/records-service.ts';
import { createReportServices } from './services/report-services.ts';
import { createRuleService } from './services/rule-service.ts';
import { createTicketService } from './services/ticket-service.ts';
import { createUserService } from './services/user-service.ts';
import { createVehicleGroupService } from './services/vehicle-group-service.ts';
import { createVehicleService } from './services/vehicle-service.ts';
import { createAccountStore } from './storage/account-store.ts';
import { createDeviceStore } from './storage/device-store.ts';
import { createEventRepo } from './storage/event-repo.ts';
import { createEscalationRepo } from './storage/escalation-repo.ts';
import { createAuditRepo } from './storage/audit-repo.ts';
import { openPGlite, openPostgres, type DatabaseHandle } from './storage/database.ts';
import { coalesceReads } from './storage/coalesce.ts';
import { createFleetRepo } from './storage/fleet-repo.ts';
import { createGeofenceRepo } from './storage/geofence-repo.ts';
import { createGeofenceTemplateRepo } from './storage/geofence-template-repo.ts';
import { createRuleLoader } from './storage/rule-loader.ts';
import { createRecomputeStore } from './storage/recompute-store.ts';
import { createIngestStore } from './storage/ingest-store.ts';
import { createRecordsRepo } from './storage/records-repo.ts';
import { ensureDeviceLogPartitions, migrate } from './storage/migrate.ts';
import { createSessionsRepo } from './storage/sessions-repo.ts';
import { createUsersRepo } from './storage/users-repo.ts';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface RunningJejak {
  config: Config;
  httpUrl: string;
  http: FastifyInstance;
  gatewayPorts: Record<string, number>;
  database: DatabaseHandle;
  pipeline: Pipeline;
  bus: Bus;
  counters: GatewayCounters;
  /** Timed jobs (package expiry); tests run them with `runDue` after moving the clock. */
  scheduler: Scheduler;
  /** True when this start seeded the demo fleet. */
  seeded: boolean;
  /** The SMS and voice provider (the local one exposes what it sent and rang). */
  providers: Providers;
  /** Escalation call chains; the scheduler sweeps them. */
  chains: ChainDriver;
  stop(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 30_000;
/** Live sockets are checked against their session's end this often: access ends within a second. */
const LIVE_EXPIRY_SWEEP_MS = 1_000;
const DAY_MS = 86_400_000;

/**
 * Starts every role in one process (DESIGN §2): storage, pipeline, gateways, API, live channel
 * and the scheduler. The only place that picks adapters.
 */
export interface StartOptions {
  /** PGlite in memory instead of JEJAK_DATA_DIR (tests, benchmarks). */
  inMemoryDb?: boolean;
  /** The clock; tests move it forward. */
  now?: () => number;
  /** Password hashing; tests wrap the real one to count its calls. */
  hasher?: PasswordHasher;
  /** The SMS provider of notifications instead of the configured one (tests). */
  sms?: SmsProvider | null;
}

export async function startJejak(config: Config, opts: StartOptions = {}): Promise<RunningJejak> {
  const now = opts.now ?? (() => Date.now());
  const hasher = opts.hasher ?? scryptHasher;
  let http: FastifyInstance | null = null;
  let publicUrl = config.JEJAK_PUBLIC_URL ?? '';
  // Before anything opens: a provider misconfigured stops the boot.
  const providers = await chooseProviders(config, () => publicUrl);
  const onError = (err: unknown, context: string) => http?.log.error({ err, context }, 'background failure');
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.JEJAK_DB_POOL_SIZE, (err) =>
        onError(err, 'idle database connection'),
      )
    : await openPGlite(opts.inMemoryDb ? null : config.JEJAK_DATA_DIR, {
        sharedBuffersMb: config.JEJAK_PGLITE_SHARED_BUFFERS_MB,
      });
  const { db } = database;
  await migrate(db);
  await ensureDeviceLogPartitions(db, now());

  const users = createUsersRepo(db);
  const sessions = createSessionsRepo(db);
  const fleet = createFleetRepo(db);
  const geofences = createGeofenceRepo(db);
  const geofenceConfig = { exitMarginM: config.JEJAK_GEOFENCE_EXIT_MARGIN_M };
  const seeded = config.JEJAK_DEMO
    ? await seedDemoFleet(db, users, config.JEJAK_DEMO_PASSWORD, now(), config.JEJAK_TIME_ZONE)
    : false;

  const cookie = { secure: config.JEJAK_COOKIE_SECURE, ttlMs: config.JEJAK_SESSION_TTL_HOURS * 3_600_000 };
  const bus = createInProcessBus((err) => onError(err, 'bus handler'));
  const auth = createAuthService({
    users,
    sessions,
    sessionTtlMs: cookie.ttlMs,
    bus,
    backoff: { after: config.JEJAK_LOGIN_BACKOFF_AFTER, maxDelayMs: config.JEJAK_LOGIN_BACKOFF_MAX_SECONDS * 1_000 },
    now,
    hasher,
  });
  const live = createLiveHub({
    bus,
    fleet,
    session: (tokenHash) => auth.session(tokenHash),
    now,
    expirySweepMs: LIVE_EXPIRY_SWEEP_MS,
    onError,
  });
  const mailer = createSmtpMailer({
    host: config.JEJAK_SMTP_HOST,
    port: config.JEJAK_SMTP_PORT,
    secure: config.JEJAK_SMTP_SECURE,
    user: config.JEJAK_SMTP_USER,
    password: config.JEJAK_SMTP_PASSWORD,
    from: config.JEJAK_MAIL_FROM,
  });
  const notifications = createNotifications({
    db,
    bus,
    fleet,
    users,
    mailer,
    sms: opts.sms === undefined ? providers.sms : opts.sms,
    live,
    config,
    now,
    onError,
  });
  const store = createAccountStore(db);
  const packages = createPackageService({ store, fleet, timeZone: config.JEJAK_TIME_ZONE, now });
  http = await buildHttpServer({
    auth,
    users: createUserService(store, fleet),
    accounts: createAccountService(store, now, bus, hasher),
    passwords: createPasswordService({
      store,
      mailer,
      publicUrl: () => publicUrl,
      resetTtlMs: config.JEJAK_RESET_TOKEN_TTL_MINUTES * 60_000,
      now,
      onSessionsEnded: (tokenHashes) => bus.publish('sessions.ended', { tokenHashes }),
      hasher,
    }),
    administration: {
      migration: createMigrationService(store, now, bus),
      packages,
      audit: createAuditService(createAuditRepo(db)),
    },
    devices: createDeviceService(fleet, createDeviceStore(db), now),
    records: createRecordsService(fleet, createRecordsRepo(db)),
    ...createReportServices(db, fleet, now),
    geofences: createGeofenceService({
      geofences,
      templates: createGeofenceTemplateRepo(db),
      users,
      bus,
      now,
    }),
    vehicles: createVehicleService({ db, users, bus, now }),
    vehicleGroups: createVehicleGroupService({ db, users, fleet, bus, now }),
    geocoder: createGeocodeService({
      fleet,
      online: config.JEJAK_GEOCODER_URL
        ? {
            url: config.JEJAK_GEOCODER_URL,
            timeoutMs: config.JEJAK_GEOCODER_TIMEOUT_MS,
            maxPerSecond: config.JEJAK_GEOCODER_MAX_PER_SECOND,
            userAgent: `Jejak/${APP_VERSION}`,
          }
        : null,
      now,
      onFallback: (err) => http?.log.warn({ err }, 'online geocoder failed; the gazetteer answered'),
    }),
    notifications: notifications.service,
    alerts: {
      rules: createRuleService({ db, users, bus, now }),
      events: createEventService(fleet, createEventRepo(db)),
      tickets: createTicketService({ db, fleet, users, now }),
    },
    live,
    // The console's public address may open the live channel too (behind a proxy).
    allowedOrigins: [
      ...config.JEJAK_ALLOWED_ORIGINS,
      ...(config.JEJAK_PUBLIC_URL ? [new URL(config.JEJAK_PUBLIC_URL).origin] : []),
    ],
    cookie,
    limits: { loginMaxPerMinute: config.JEJAK_LOGIN_MAX_PER_MINUTE },
    version: APP_VERSION,
    region: config.JEJAK_REGION,
    map: mapSettings(config),
    webDist: config.JEJAK_WEB_DIST,
    logLevel: config.JEJAK_LOG_LEVEL,
  });
  const log = http.log;
  const escalationRepo = createEscalationRepo(db);
  const chains = createChainDriver({
    repo: escalationRepo,
    voice: providers.voice,
    ackKey: config.JEJAK_ESCALATION_ACK_KEY,
    ringSeconds: config.JEJAK_ESCALATION_RING_SECONDS,
    outcomeMarginSeconds: config.JEJAK_ESCALATION_OUTCOME_MARGIN_SECONDS,
    rounds: config.JEJAK_ESCALATION_ROUNDS,
    now,
    onError,
  });
  await http.register(
    async (api) => {
      registerEscalationRoutes(api, auth, createEscalationService({ repo: escalationRepo, now }));
      // Twilio's webhooks need its SDK: loaded only with that provider (as chooseProviders does).
      if (providers.twilio) {
        const { registerProviderHookRoutes } = await import('./http/routes/provider-hook-routes.ts');
        await registerProviderHookRoutes(api, providers.twilio);
      }
    },
    { prefix: API_BASE },
  );

  const pipeline = createPipeline({
    store: createIngestStore(db, { lockRows: database.kind === 'postgres' }),
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
    },
    geofence: geofenceConfig,
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
      store: createRecomputeStore(db),
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
      moveMinSatellites: config.JEJAK_FILTER_MOVE_MIN_SATELLITES,
    },
    flushMs: config.JEJAK_STORE_FLUSH_MS,
    batchMax: config.JEJAK_STORE_BATCH_MAX,
    concurrentCommits: database.kind === 'postgres' ? config.JEJAK_STORE_CONCURRENT_COMMITS : 1,
    now,
    onError,
  });

  const counters = createGatewayCounters();
  const { ports: gatewayPorts, listeners: gateways } = await startGateways(config, {
    pipeline,
    fleet: limitGatewayFleet(fleet, config.JEJAK_GATEWAY_MAX_LOOKUPS, config.JEJAK_GATEWAY_UNKNOWN_MAX_ROWS),
    counters,
    log,
    now,
    unknown: createUnknownGuard(
      { perAddress: config.JEJAK_GATEWAY_UNKNOWN_PER_ADDRESS, windowMs: config.JEJAK_GATEWAY_UNKNOWN_WINDOW_MS },
      now,
    ),
    claims: createImeiClaims(),
    conflictLog: createLogThrottle(10_000, now),
  });

  // Vehicles whose trackers went silent while the server was down are DISCONNECTED now.
  await pipeline.sweepDisconnected();
  // Late data the last run stored but had not recomputed yet (ADR 0025).
  await pipeline.resumeRecomputes();
  const address = await http.listen({ host: config.JEJAK_HTTP_HOST, port: config.JEJAK_HTTP_PORT });
  const httpUrl = address.replace('0.0.0.0', '127.0.0.1');
  publicUrl ||= httpUrl;
  const scheduler = createScheduler({
    now,
    tickMs: Math.min(config.JEJAK_PACKAGE_SWEEP_MS, 1_000),
    onError: (err, job) => onError(err, job),
  });
  scheduler.add({ name: 'package expiry', everyMs: config.JEJAK_PACKAGE_SWEEP_MS, run: () => packages.sweep() });
  for (const job of notifications.jobs) scheduler.add(job);
  scheduler.add({ name: 'escalation calls', everyMs: config.JEJAK_ESCALATION_SWEEP_MS, run: () => chains.sweep() });
  scheduler.start();
  const timers = [
    setInterval(
      () => void pipeline.sweepDisconnected().catch((e: unknown) => onError(e, 'disconnect sweep')),
      SWEEP_INTERVAL_MS,
    ),
    setInterval(
      () => void ensureDeviceLogPartitions(db, now()).catch((e: unknown) => onError(e, 'partitions')),
      DAY_MS,
    ),
    setInterval(() => void sessions.deleteExpired(now()).catch((e: unknown) => onError(e, 'sessions')), 3_600_000),
  ];

  return {
    config,
    httpUrl,
    http,
    gatewayPorts,
    database,
    pipeline,
    bus,
    counters,
    scheduler,
    seeded,
    providers,
    chains,
    async stop() {
      for (const t of timers) clearInterval(t);
      await scheduler.stop();
      providers.close();
      await chains.close();
      for (const gw of gateways) await gw.close();
      await pipeline.close();
      live.closeAll();
      await http.close();
      await database.close();
    },
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
): Promise<{ ports: Record<string, number>; listeners: RunningListener[] }> {
  const ports: Record<string, number> = {};
  const listeners: RunningListener[] = [];
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
  for (const protocol of PROTOCOLS) {
    let port = config[`JEJAK_${protocol.id.toUpperCase()}_PORT`];
    if (port === undefined || port < 0) continue;
    const ctx: GatewayContext = {
      ...shared,
      protocol,
      deviceByImei: coalesceReads((imeis: string[]) => shared.fleet.devicesByImei(imeis, protocol.models)),
    };
    for (const transport of protocol.transports) {
      const opts: ListenerOptions & { addresses: AddressGate } = {
        host: config.JEJAK_GATEWAY_HOST,
        port,
        idleTimeoutMs: config.JEJAK_GATEWAY_IDLE_TIMEOUT_MS,
        addresses,
      };
      const listener: RunningListener =
        transport === 'tcp'
          ? await startTcpGateway(ctx, { ...opts, maxUnansweredFrames: config.JEJAK_GATEWAY_TCP_MAX_UNANSWERED, flow })
          : transport === 'udp'
            ? await startUdpGateway(ctx, {
                ...opts,
                idleTimeoutMs: config.JEJAK_GATEWAY_UDP_IDLE_TIMEOUT_MS,
                maxRemotes: config.JEJAK_GATEWAY_UDP_MAX_REMOTES,
                maxPending: config.JEJAK_GATEWAY_UDP_MAX_PENDING,
              })
            : await startHttpGateway(ctx, opts);
      // With port 0, UDP takes the port TCP was given, so one number serves both.
      port = listener.port;
      ports[transport === 'tcp' ? protocol.id : `${protocol.id}/${transport}`] = listener.port;
      listeners.push(listener);
      shared.log.info({ protocol: protocol.id, transport, port: listener.port }, 'gateway listening');
    }
  }
  return { ports, listeners };
}
