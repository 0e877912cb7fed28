/**
 * npm run bench:ingest — GT06 trackers over real TCP into the gateway, through the pipeline
 * into the database, and out of the live channel. Two phases:
 *   1. throughput: every device keeps a window of fixes in flight (full rate);
 *      prints stored positions per second;
 *   2. latency: a fixed rate (devices × 1 fix/s); prints device-to-live-channel p50/p99.
 * Options: --db pglite|postgres  --devices N  --seconds S  --window K  --rate-devices N
 *   --phase throughput|latency (default both)
 *   --protocol gt06|teltonika (default gt06: one fix per packet, `window` packets in flight; teltonika:
 *     codec 8 Extended packets of `--records` records (default 10), one packet in flight, as an FMB
 *     device sends what it saved since its last send)
 *   --sink: the simulator against a bare acknowledger instead (its own ceiling).
 *   --timeline: the latency phase also prints p50/p99 per second of the run.
 *   --env KEY=VALUE (repeatable): server configuration, e.g. --env JEJAK_STORE_BATCH_MAX=10000
 *   --rules N: every vehicle gets N rules (two conditions each) evaluated on every fix; the
 *     throughput phase then also runs without rules and prints what they cost (issue 12: < 15 %)
 *   --nodes N: throughput on PostgreSQL through N `jejak gateway` processes (ADR 0059) sharing one
 *     scratch database and a nats-server of the bench's own, the devices split evenly over them;
 *     prints each node's stored positions/s and process CPU per fix, then the totals with
 *     PostgreSQL's, nats-server's and the simulators' CPU per fix (tools/bench/ingest-nodes.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { PROTOCOLS } from '@jejak/protocols';
import WebSocket from 'ws';
import { startJejak, type RunningJejak } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/load.ts';
import { createScratchPostgres } from '../scratch-postgres.ts';
import { seedBenchFleet } from './bench-fleet.ts';
import { seedBenchRules } from './bench-rules.ts';
import { cpuMeter } from './cpu.ts';
import { nodesPhase } from './ingest-nodes.ts';
import { envPairs, LIFTED_ADDRESS_LIMITS, runSimulator } from './ingest-sim.ts';
import { startSink } from './sink.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    devices: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '15' },
    window: { type: 'string', default: '16' },
    'rate-devices': { type: 'string', default: '1000' },
    phase: { type: 'string', default: 'both' },
    protocol: { type: 'string', default: 'gt06' },
    records: { type: 'string', default: '10' },
    sink: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
    env: { type: 'string', multiple: true, default: [] },
    rules: { type: 'string', default: '0' },
    nodes: { type: 'string' },
  },
});
const DB = values.db === 'postgres' ? 'postgres' : 'pglite';
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const WINDOW = Number(values.window);
const RATE_DEVICES = Number(values['rate-devices']);
const WARM_UP_MS = 5000;
const PROTOCOL = values.protocol === 'teltonika' ? 'teltonika' : 'gt06';
const RECORDS = Number(values.records);
const RULES = Number(values.rules);
const MODEL = PROTOCOL === 'teltonika' ? 'TEL100' : 'GPS100';
const PG_URL = process.env.JEJAK_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function describeLoad(): string {
  return PROTOCOL === 'teltonika'
    ? `teltonika, ${DEVICES} devices, ${RECORDS} records per packet`
    : `gt06, ${DEVICES} devices, window ${WINDOW}`;
}

async function startServer(): Promise<{ app: RunningJejak; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'jejak-bench-'));
  let dropPg: (() => Promise<void>) | null = null;
  const env: Record<string, string> = {
    JEJAK_HTTP_PORT: '0',
    ...Object.fromEntries(PROTOCOLS.map((p) => [`JEJAK_${p.id.toUpperCase()}_PORT`, '-1'])),
    [`JEJAK_${PROTOCOL.toUpperCase()}_PORT`]: '0',
    JEJAK_GATEWAY_HOST: '127.0.0.1',
    JEJAK_LOG_LEVEL: 'warn',
    JEJAK_DEMO: 'false',
    JEJAK_WEB_DIST: '/nonexistent',
    JEJAK_DATA_DIR: dir,
    ...LIFTED_ADDRESS_LIMITS,
    ...envPairs(values.env),
  };
  if (DB === 'postgres') {
    const scratch = await createScratchPostgres(PG_URL, 'jejak_bench');
    env.DATABASE_URL = scratch.url;
    dropPg = scratch.drop;
  }
  const app = await startJejak(loadConfig(env));
  return {
    app,
    cleanup: async () => {
      await app.stop();
      await dropPg?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The simulator at `fullRateWindow` packets in flight per device (null: 1 fix/s) against `port`. */
const simulate = (
  port: number,
  imeis: string[],
  fullRateWindow: number | null,
  onSends?: (s: [string, number, number][]) => void,
) => runSimulator({ port, imeis, fullRateWindow, seconds: SECONDS, protocol: PROTOCOL, records: RECORDS }, onSends);

async function storedPositions(app: RunningJejak): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from device_logs where package like 'gps#%'`.execute(
    app.database.db,
  );
  return r.rows[0]?.n ?? 0;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Stored positions per second at full rate, with `rules` rules per vehicle. */
async function throughputPhase(rules: number): Promise<number> {
  const { app, cleanup } = await startServer();
  const imeis = await seedBenchFleet(app.database.db, DEVICES, MODEL);
  await seedBenchRules(app.database.db, rules);
  const port = app.gatewayPorts[PROTOCOL] ?? 0;
  const before = await storedPositions(app);
  // Enough connections open that every concurrent commit has its backend before metering.
  await Promise.all(Array.from({ length: 8 }, () => sql`select pg_sleep(0.05)`.execute(app.database.db)));
  const cpu = await cpuMeter(app.database.db, DB === 'postgres');
  const t0 = performance.now();
  const stats = await simulate(port, imeis, WINDOW);
  await app.pipeline.drain();
  const elapsed = (performance.now() - t0) / 1000;
  const used = cpu.read();
  const stored = (await storedPositions(app)) - before;
  const perFix = (s: number) => Math.round((s * 1e6) / Math.max(1, stored));
  const rate = stored / elapsed;
  const written = await sql<{ events: number; avg: number; max: number }>`
    select (select count(*)::int from events) as events,
      coalesce(avg(length(state)), 0)::int as avg, coalesce(max(length(state)), 0)::int as max
    from pipeline_states`.execute(app.database.db);
  const w = written.rows[0] ?? { events: 0, avg: 0, max: 0 };
  console.log(
    `throughput (${DB}, ${describeLoad()}, ${rules} rules per vehicle): ${stored} positions stored in ${elapsed.toFixed(1)} s = ` +
      `${Math.round(stored / elapsed)} positions/s (sent ${stats.sent}, acked ${stats.acked}, bad frames ${app.counters.badFrames}); ` +
      `CPU per fix: main thread ${perFix(used.mainS)} µs, simulator ${perFix(stats.cpuS)} µs, ` +
      `other threads ${perFix(used.ownS - used.mainS - stats.cpuS)} µs` +
      (DB === 'postgres' ? `, PostgreSQL backends ${perFix(used.postgresS)} µs` : '') +
      `; events ${w.events} (${((w.events * 1000) / Math.max(1, stored)).toFixed(1)} per 1,000 fixes); ` +
      `resumable state ${w.avg} chars on average, ${w.max} at most; load average ${used.load1.toFixed(1)}`,
  );
  await cleanup();
  return rate;
}

/** With `--rules N`: the rate without rules, then with them, and what the rules took off it. */
async function rulesCost(): Promise<void> {
  const without = await throughputPhase(0);
  const withRules = await throughputPhase(RULES);
  const cost = ((without - withRules) / without) * 100;
  console.log(
    `rules: ${Math.round(without)} positions/s without, ${Math.round(withRules)} with ${RULES} per vehicle: ` +
      `${cost.toFixed(1)} % off (aim < 15 %)`,
  );
}

async function latencyPhase(): Promise<void> {
  const { app, cleanup } = await startServer();
  const imeis = await seedBenchFleet(app.database.db, RATE_DEVICES, MODEL);
  /**
   * Send time of each live fix, and when the live channel first showed it. A later publish of
   * the same fix (the commit of a recompute, a session event) is not its latency.
   */
  const sentAt = new Map<string, number>();
  const arrivedAt = new Map<string, number>();
  const owner = await sql<{ uid: string }>`select uid from users where user_role = 'fleetOwner' limit 1`.execute(
    app.database.db,
  );
  const cookie = await signIn(app);
  const ws = new WebSocket(app.httpUrl.replace('http', 'ws') + '/api/live', { headers: { cookie } });
  await new Promise((r) => ws.once('open', r));
  ws.send(
    JSON.stringify({
      action: 'subscribeTo',
      data: { uid: owner.rows[0]?.uid, ids: imeis.map((i) => `dev#${MODEL}#${i}`) },
    }),
  );
  // GT06 sends whole seconds (Teltonika milliseconds: the second still names a fix).
  const keyOf = (imei: string, deviceTimeMs: number) => `${imei}/${Math.floor(deviceTimeMs / 1000)}`;
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as { mode: string; item: { imei?: string; deviceTime?: number } };
    if (m.mode !== 'dev' || !m.item.imei || !m.item.deviceTime) return;
    const key = keyOf(m.item.imei, m.item.deviceTime);
    if (!arrivedAt.has(key)) arrivedAt.set(key, Date.now());
  });
  const stats = await simulate(app.gatewayPorts[PROTOCOL] ?? 0, imeis, null, (sends) => {
    for (const [imei, deviceTime, at] of sends) sentAt.set(keyOf(imei, deviceTime), at);
  });
  await new Promise((r) => setTimeout(r, 500));
  ws.close();
  const samples = [...sentAt].flatMap(([key, sent]): [number, number][] => {
    const arrived = arrivedAt.get(key);
    return arrived === undefined ? [] : [[sent, arrived - sent]];
  });
  // The warm-up (every device connected and loaded) counts from the first live fix sent.
  const firstSentMs = Math.min(...sentAt.values());
  const latencies = samples.map(([, l]) => l).sort((a, b) => a - b);
  const steady = samples
    .filter(([sent]) => sent >= firstSentMs + WARM_UP_MS)
    .map(([, l]) => l)
    .sort((a, b) => a - b);
  const rate = Math.round(stats.sent / SECONDS);
  console.log(
    `latency (${DB}, ${PROTOCOL}, ${RATE_DEVICES} devices × 1 fix/s ≈ ${rate} msg/s): device → live channel ` +
      `p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms over ${latencies.length} fixes; ` +
      `after ${WARM_UP_MS / 1000} s warm-up p50 ${percentile(steady, 50)} ms, p99 ${percentile(steady, 99)} ms over ${steady.length} fixes`,
  );
  if (values.timeline) printTimeline(samples, firstSentMs);
  await cleanup();
}

/** Latency by second of sending, from the first live fix: where in the run the tail is. */
function printTimeline(samples: [number, number][], firstSentMs: number): void {
  const bySecond = new Map<number, number[]>();
  for (const [sent, latency] of samples) {
    const s = Math.floor((sent - firstSentMs) / 1000);
    bySecond.set(s, [...(bySecond.get(s) ?? []), latency]);
  }
  for (const [s, ls] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    ls.sort((a, b) => a - b);
    console.log(
      `  s${s}: ${ls.length} fixes, p50 ${percentile(ls, 50)} ms, p99 ${percentile(ls, 99)} ms, max ${ls.at(-1)} ms`,
    );
  }
}

async function signIn(app: RunningJejak): Promise<string> {
  const res = await fetch(`${app.httpUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-owner@bench.jejak.my', password: 'bench-password' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`bench sign-in failed: ${res.status}`);
  return cookie;
}

async function sinkPhase(): Promise<void> {
  const sink = await startSink();
  const imeis = Array.from({ length: DEVICES }, (_, i) => String(868_000_000_000_000 + i));
  const t0 = performance.now();
  const stats = await simulate(sink.port, imeis, WINDOW);
  const elapsed = (performance.now() - t0) / 1000;
  console.log(
    `simulator against a bare acknowledger (${DEVICES} devices, window ${WINDOW}): ${sink.frames()} frames in ` +
      `${elapsed.toFixed(1)} s = ${Math.round(sink.frames() / elapsed)} frames/s (acked ${stats.acked})`,
  );
  await sink.close();
}

if (values.sink) await sinkPhase();
else if (values.nodes !== undefined) {
  await nodesPhase({
    nodes: Math.max(1, Number(values.nodes)),
    devices: DEVICES,
    model: MODEL,
    window: WINDOW,
    seconds: SECONDS,
    protocol: PROTOCOL,
    records: RECORDS,
    pgUrl: PG_URL,
    env: envPairs(values.env),
  });
} else {
  if (values.phase !== 'latency') await (RULES > 0 ? rulesCost() : throughputPhase(0));
  if (values.phase !== 'throughput') await latencyPhase();
}
process.exit(0);
