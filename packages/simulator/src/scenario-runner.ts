import { createGt06Client } from './gt06-client.ts';
import { createRng } from './routes.ts';
import type { VehicleDay } from './scenario/day.ts';
import { createTeltonikaClient } from './teltonika-client.ts';
import type { ClientStats, TrackerClient } from './tracker-client.ts';

export interface ScenarioTarget {
  host: string;
  gt06Port: number;
  teltonikaPort: number;
}

export interface ScenarioRunOptions {
  /** GT06 fixes in flight per tracker. Default 64. */
  gt06Window?: number;
  /** Records per Teltonika AVL packet. Default 100. */
  teltonikaRecordsPerPacket?: number;
  /** Give up after this much wall time without every record acknowledged. Default 5 min. */
  timeoutMs?: number;
  /** Called every second with the fleet's totals. */
  onProgress?: (stats: ClientStats) => void;
}

export interface ScenarioRunResult {
  stats: ClientStats;
  wallMs: number;
}

function total(clients: TrackerClient[]): ClientStats {
  const sum: ClientStats = { sent: 0, acked: 0, reconnects: 0, pending: 0, dropped: 0 };
  for (const c of clients) {
    const s = c.stats();
    sum.sent += s.sent;
    sum.acked += s.acked;
    sum.reconnects += s.reconnects;
    sum.pending += s.pending;
    sum.dropped += s.dropped;
  }
  return sum;
}

/**
 * Plays simulated days over real sockets as fast as the server acknowledges: each vehicle's
 * tracker (GT06 or Teltonika by model) sends its records in device-time order, keeps what it
 * records while its cellular link is down and uploads it on return. Resolves once every record
 * of every vehicle has been acknowledged (resends after a lost link included).
 */
export async function playScenario(
  target: ScenarioTarget,
  days: VehicleDay[],
  options: ScenarioRunOptions = {},
): Promise<ScenarioRunResult> {
  const started = Date.now();
  const expected = days.reduce((a, d) => a + d.observations.length, 0);
  const acked = new Set<string>();
  const clients = days.map(({ spec, observations }) => {
    let i = 0;
    const common = {
      host: target.host,
      imei: spec.imei,
      nextFix: () => {
        const o = observations[i++];
        if (!o) throw new Error(`${spec.name}: asked for more records than it has`);
        return o;
      },
      fixEveryMs: 0,
      maxFixes: observations.length,
      heartbeatEveryMs: 0,
      reconnectMinMs: 50,
      reconnectMaxMs: 1000,
      random: createRng(spec.seed ^ 0x2545f491),
      onAck: (e: { deviceTimeMs: number }) => acked.add(`${spec.imei}/${e.deviceTimeMs}`),
    };
    return spec.model === 'GPS100'
      ? createGt06Client({ ...common, port: target.gt06Port, window: options.gt06Window ?? 64 })
      : createTeltonikaClient({
          ...common,
          port: target.teltonikaPort,
          window: 1,
          maxRecordsPerPacket: options.teltonikaRecordsPerPacket ?? 100,
        });
  });
  for (const c of clients) c.start();
  const progress = options.onProgress;
  const ticker = progress ? setInterval(() => progress(total(clients)), 1000) : null;
  const deadline = started + (options.timeoutMs ?? 300_000);
  try {
    while (acked.size < expected) {
      if (Date.now() > deadline) {
        const { reconnects } = total(clients);
        throw new Error(`timed out: ${acked.size} of ${expected} records acknowledged, ${reconnects} reconnects`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (ticker) clearInterval(ticker);
    await Promise.all(clients.map((c) => c.stop()));
  }
  return { stats: total(clients), wallMs: Date.now() - started };
}
