/**
 * npm run bench:reports (issue 13 item 7) — a fleet's month on PostgreSQL, then the reports over
 * HTTP. Generates `--vehicles` (100) × `--days` (30) of fixes, every 10 s with the ignition on
 * and every `--parked-every` s (120; 10 for fixes every 10 s all day) with it off, through the
 * pipeline's own step and the ingest store's COPY path (report-fleet.ts), into a scratch
 * database. Then, signed in as the fleet's owner, times (median of 5) the whole window's mileage,
 * daily mileage, transit and trip reports and the event list (POST /event/getvidtimeframe) for
 * every vehicle at once, and one vehicle's detail: all its device logs of the window, page by
 * page. Aim: under 1 s for the mileage, trip and event reports.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ALERT_PATHS, API_PATHS, DETAIL_EXPORT_PATHS, REPORT_PATHS, REPORT_ROWS_HEADER } from '@jejak/contract';
import { PROTOCOLS } from '@jejak/protocols';
import { startJejak } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/load.ts';
import { createScratchPostgres } from '../scratch-postgres.ts';
import { seedBenchFleet } from './bench-fleet.ts';
import { storeFleetMonth } from './report-fleet.ts';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '100' },
    days: { type: 'string', default: '30' },
    'parked-every': { type: 'string', default: '120' },
    runs: { type: 'string', default: '5' },
  },
});
const VEHICLES = Number(values.vehicles);
const DAYS = Math.min(31, Number(values.days));
const RUNS = Number(values.runs);
const PG_URL = process.env.JEJAK_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY_MS = 86_400_000;
/** Local midnight (UTC+8) that starts the month. */
const START = Date.UTC(2026, 0, 31, 16);

const scratch = await createScratchPostgres(PG_URL, 'jejak_bench_reports');
const app = await startJejak(
  loadConfig({
    DATABASE_URL: scratch.url,
    JEJAK_HTTP_PORT: '0',
    ...Object.fromEntries(PROTOCOLS.map((p) => [`JEJAK_${p.id.toUpperCase()}_PORT`, '-1'])),
    JEJAK_LOG_LEVEL: 'warn',
    JEJAK_DEMO: 'false',
    JEJAK_WEB_DIST: '/nonexistent',
  }),
  // The server's clock after the month, so none of it is "from the future".
  { now: () => START + DAYS * DAY_MS + (Date.now() % DAY_MS) },
);

try {
  const db = app.database.db;
  await seedBenchFleet(db, VEHICLES);
  // The owner signs in to the console's V2 stage (the reports are V2 calls).
  await sql`insert into user_stages (uid, stage, created_at)
    select uid, 'V2', 0 from users where user_email = 'bench-owner@bench.jejak.my'`.execute(db);
  const vehicles = await db.selectFrom('vehicles').select(['vid', 'dvid']).orderBy('vid').execute();
  const vids = vehicles.map((v) => v.vid);
  const t0 = performance.now();
  let done = 0;
  const totals = await storeFleetMonth(
    db,
    vids,
    { days: DAYS, startMs: START, movingEveryMs: 10_000, parkedEveryMs: Number(values['parked-every']) * 1000 },
    () => {
      done++;
      if (done % 10 === 0 || done === VEHICLES) console.log(`  ${done}/${VEHICLES} vehicles stored`);
    },
  );
  const genS = (performance.now() - t0) / 1000;
  await sql`analyze`.execute(db);
  const stored = await sql<{ transits: number; trips: number; events: number }>`
    select (select count(*)::int from transit_records) as transits, (select count(*)::int from trip_records) as trips,
      (select count(*)::int from events) as events`.execute(db);
  const n = stored.rows[0];
  console.log(
    `generated ${VEHICLES} vehicles × ${DAYS} days on PostgreSQL in ${genS.toFixed(1)} s: ${totals.fixes} fixes ` +
      `(${Math.round(totals.fixes / genS)}/s; pipeline step ${totals.stepS.toFixed(1)} s, waiting on COPY ${totals.writeS.toFixed(1)} s), ` +
      `${n?.transits} transit records, ${n?.trips} trips, ${n?.events} events`,
  );

  const cookie = await signIn(app.httpUrl);
  const post = async (path: string, body: unknown): Promise<{ ms: number; body: Record<string, unknown> }> => {
    const s = performance.now();
    const res = await fetch(`${app.httpUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return { ms: performance.now() - s, body: answer };
  };
  const window = { startTime: START, endTime: START + DAYS * DAY_MS };
  const timed = async (name: string, path: string, body: unknown, rows: (b: Record<string, unknown>) => number) => {
    const runs: number[] = [];
    let count = 0;
    await post(path, body); // warm-up: plans and connections
    for (let i = 0; i < RUNS; i++) {
      const r = await post(path, body);
      runs.push(r.ms);
      count = rows(r.body);
    }
    runs.sort((a, b) => a - b);
    const median = runs[Math.floor(runs.length / 2)] ?? NaN;
    console.log(`${name.padEnd(34)} ${median.toFixed(0).padStart(6)} ms median of ${RUNS} (${count} rows)`);
    return median;
  };
  const length = (key: string) => (b: Record<string, unknown>) => (b[key] as unknown[]).length;
  const all = { vids, ...window };
  console.log(`reports for all ${VEHICLES} vehicles over ${DAYS} days, over HTTP:`);
  const mileage = await timed('mileage report', REPORT_PATHS.reportMileage, all, length('report'));
  await timed('daily mileage report', REPORT_PATHS.reportDailyMileage, all, length('report'));
  const trips = await timed('trip report', REPORT_PATHS.reportTrip, all, length('report'));
  await timed('transit report', REPORT_PATHS.reportTransit, all, length('report'));
  const events = await timed('event report (/event/getvidtimeframe)', ALERT_PATHS.events, all, length('eventLogs'));

  // One vehicle's detail: every device log of the window, a page (LOG_PAGE_LIMIT rows) at a time.
  const dvid = vehicles[0]?.dvid ?? '';
  const detail = async () => {
    let from = window.startTime;
    let rows = 0;
    for (;;) {
      const page = await post(API_PATHS.deviceLogs, { dvid, startTime: from, endTime: window.endTime });
      const logs = page.body.logs as { deviceTime: number }[];
      rows += logs.length;
      if (!page.body.truncated || logs.length === 0) return rows;
      from = (logs.at(-1)?.deviceTime ?? window.endTime) + 1;
    }
  };
  const runs: number[] = [];
  let detailRows = 0;
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    detailRows = await detail();
    runs.push(performance.now() - s);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${'one vehicle’s detail (device logs)'.padEnd(34)} ${(runs[Math.floor(runs.length / 2)] ?? NaN).toFixed(0).padStart(6)} ms median of ${RUNS} (${detailRows} rows)`,
  );

  // The same vehicle's detail as the console exports it: an .xlsx streamed by the server, read
  // as it arrives; the time to the announced row count, to the first bytes and to the end, and
  // this process's resident memory at its peak meanwhile (the server runs in it).
  // Warm-up on an hour: the first export loads ExcelJS (about half a second).
  const warm = await fetch(`${app.httpUrl}/api${DETAIL_EXPORT_PATHS.reportDetailExport}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ vid: vids[0], startTime: window.startTime, endTime: window.startTime + 3_600_000 }),
  });
  await warm.arrayBuffer();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const s0 = performance.now();
  const res = await fetch(`${app.httpUrl}/api${DETAIL_EXPORT_PATHS.reportDetailExport}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ vid: vids[0], ...window }),
  });
  const headersMs = performance.now() - s0;
  if (!res.ok || !res.body) throw new Error(`detail export: ${res.status}`);
  let firstMs = NaN;
  let bytes = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (Number.isNaN(firstMs)) firstMs = performance.now() - s0;
    bytes += (part.value as Uint8Array).byteLength;
  }
  const totalMs = performance.now() - s0;
  clearInterval(sampler);
  const mb = (n: number) => (n / 1_048_576).toFixed(1);
  console.log(
    `${'one vehicle’s detail export (.xlsx)'.padEnd(34)} ${totalMs.toFixed(0).padStart(6)} ms (${res.headers.get(REPORT_ROWS_HEADER)} rows, ${mb(bytes)} MB; ` +
      `row count after ${headersMs.toFixed(0)} ms, first bytes after ${firstMs.toFixed(0)} ms; ` +
      `resident memory ${mb(rssBefore)} → peak ${mb(rssPeak)} MB)`,
  );
  const verdict = (ms: number) => (ms < 1000 ? 'under 1 s' : 'OVER 1 s');
  console.log(
    `aim < 1 s: mileage ${verdict(mileage)}, trip ${verdict(trips)}, event ${verdict(events)}` +
      (VEHICLES < 100 || DAYS < 30 ? ' (a smaller run than the aim’s 100 × 30)' : ''),
  );
} finally {
  await app.stop();
  await scratch.drop();
}
process.exit(0);

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-owner@bench.jejak.my', password: 'bench-password' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`bench sign-in failed: ${res.status}`);
  return cookie;
}
