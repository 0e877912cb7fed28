import { withFuelGauge, type FuelPlayback } from './fuel-gauge.ts';
import { createGt06Client } from './gt06-client.ts';
import { createTeltonikaClient } from './teltonika-client.ts';
import type { AckEvent, ClientStats, DeviceFix, SendEvent, TrackerClient } from './tracker-client.ts';
import { createRng, createRoute, type Bounds } from './routes.ts';

export interface SimulatorDevice {
  imei: string;
  /** Seeds the device's route (and its reconnect jitter). */
  seed: number;
  /** The driver presses SOS (GT06 only) every `min`–`max` ms of device time. */
  sosEveryMs?: { min: number; max: number };
  /** Cruise speeds times this (a vehicle that speeds); default 1. */
  cruiseFactor?: number;
  /** A fuel level sensor (Teltonika only: its AIN1 reading): burn, refuels and drains. */
  fuel?: FuelPlayback;
}

export interface SimulatorOptions {
  host: string;
  port: number;
  devices: SimulatorDevice[];
  /** Device time between fixes. */
  intervalMs: number;
  /** Simulated time runs this many times faster than the wall clock. Default 1. */
  speedFactor?: number;
  /** Device time of the first fix. Default: now. */
  startTimeMs?: number;
  /** Wall-clock time between heartbeats; 0 disables them. Default 60 s. */
  heartbeatEveryMs?: number;
  /**
   * Full-rate mode for benchmarks: each device keeps `window` fixes in flight and sends the next
   * as soon as one is acknowledged; device time still advances `intervalMs` per fix.
   */
  fullRate?: { window: number };
  bounds?: Bounds;
  onSend?: (event: SendEvent) => void;
  onAck?: (event: AckEvent) => void;
  /** Each device makes no new fixes after this many (it still resends unacknowledged ones). */
  maxFixesPerDevice?: number;
  /**
   * The trackers' protocol. Default 'gt06' (one fix per packet, several packets in flight);
   * 'teltonika' sends codec 8 Extended packets of up to `recordsPerPacket` records, one at a time.
   */
  protocol?: 'gt06' | 'teltonika';
  /** Teltonika only: records per packet at most (default 25). */
  recordsPerPacket?: number;
}

export interface SimulatorStats extends ClientStats {
  devices: number;
  /** Devices currently logged in. */
  connected: number;
}

export interface RunningSimulator {
  stop(): Promise<void>;
  stats(): SimulatorStats;
}

/** Marks a fix as an SOS press every `min`–`max` ms of device time, the first one after `min`. */
function withSos(next: () => DeviceFix, every: { min: number; max: number }, rng: () => number): () => DeviceFix {
  let dueMs: number | null = null;
  const gap = () => every.min + Math.floor(rng() * Math.max(0, every.max - every.min));
  return () => {
    const fix = next();
    dueMs ??= fix.timeMs + every.min;
    if (fix.timeMs < dueMs) return fix;
    dueMs = fix.timeMs + gap();
    return { ...fix, alarm: 'sos' };
  };
}

/**
 * Drives N simulated GT06 (or Teltonika) trackers, each on its own seeded route around the Klang Valley,
 * over real TCP to `host:port`. In live mode the devices' first fixes are spread over one
 * interval so the server does not see them all at once.
 */
export function startSimulator(options: SimulatorOptions): RunningSimulator {
  const speedFactor = options.speedFactor ?? 1;
  const fixEveryMs = Math.max(1, Math.round(options.intervalMs / speedFactor));
  const startTimeMs = options.startTimeMs ?? Date.now();
  const count = options.devices.length;
  const clients: TrackerClient[] = [];
  const delays = new Set<ReturnType<typeof setTimeout>>();

  options.devices.forEach((device, i) => {
    const offsetMs = options.fullRate ? 0 : Math.floor((i * fixEveryMs) / Math.max(1, count));
    const route = createRoute({
      seed: device.seed,
      startTimeMs: startTimeMs + offsetMs * speedFactor,
      intervalMs: options.intervalMs,
      ...(options.bounds ? { bounds: options.bounds } : {}),
      ...(device.cruiseFactor !== undefined ? { cruiseFactor: device.cruiseFactor } : {}),
    });
    const routeFix = device.sosEveryMs
      ? withSos(() => route.next(), device.sosEveryMs, createRng(device.seed ^ 0x505))
      : () => route.next();
    const nextFix = device.fuel ? withFuelGauge(routeFix, device.fuel, createRng(device.seed ^ 0xf0e1)) : routeFix;
    const clientOptions = {
      host: options.host,
      port: options.port,
      imei: device.imei,
      nextFix,
      fixEveryMs,
      ...(options.fullRate ? { window: options.fullRate.window } : {}),
      heartbeatEveryMs: options.heartbeatEveryMs ?? 60_000,
      random: createRng(device.seed ^ 0x2545f491),
      ...(options.onSend ? { onSend: options.onSend } : {}),
      ...(options.onAck ? { onAck: options.onAck } : {}),
      ...(options.maxFixesPerDevice !== undefined ? { maxFixes: options.maxFixesPerDevice } : {}),
    };
    const client =
      options.protocol === 'teltonika'
        ? createTeltonikaClient({
            ...clientOptions,
            ...(options.recordsPerPacket !== undefined ? { maxRecordsPerPacket: options.recordsPerPacket } : {}),
          })
        : createGt06Client(clientOptions);
    clients.push(client);
    if (offsetMs === 0) client.start();
    else {
      const t = setTimeout(() => {
        delays.delete(t);
        client.start();
      }, offsetMs);
      delays.add(t);
    }
  });

  return {
    async stop() {
      for (const t of delays) clearTimeout(t);
      delays.clear();
      await Promise.all(clients.map((c) => c.stop()));
    },
    stats() {
      const total: SimulatorStats = {
        sent: 0,
        acked: 0,
        reconnects: 0,
        pending: 0,
        dropped: 0,
        devices: count,
        connected: 0,
      };
      for (const c of clients) {
        const s = c.stats();
        total.sent += s.sent;
        total.acked += s.acked;
        total.reconnects += s.reconnects;
        total.pending += s.pending;
        total.dropped += s.dropped;
        if (c.loggedIn) total.connected++;
      }
      return total;
    },
  };
}
