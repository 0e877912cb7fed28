/**
 * npm run bench:map (issue 14 item 5) — the real console in Chromium against a real server fed by
 * the simulator. For each fleet size: a server in this process (embedded PGlite, the built
 * console), one owner with N vehicles seeded in bulk (fleet.ts), every device a GT06 fix
 * every 10 s spread evenly (sim.ts, child processes), then in Chromium signed in as the owner
 * (page.ts):
 *   - draw: from navigating to / until the vehicles source holds N features, and until the map is idle;
 *   - fps while panning (panBy every frame) and while zooming (easeTo ±2 levels), 5 s each;
 *   - live: main-thread time (CDP TaskDuration, and ScriptDuration of it) per second of live
 *     updates (N/10 messages) with the map still, and the store's own apply time;
 *   - heap: JSHeapUsedSize after a garbage collection.
 * First, in the same run, an empty map (0 vehicles, the same page and viewport) as the baseline:
 * each size's frame rates are also printed as a ratio to it, which shows what the vehicles cost
 * apart from what software GL costs this machine for the basemap alone. Before the frame rates,
 * every run's map is put on the same camera (the simulator's Klang Valley box).
 * Options: --vehicles 1000,5000,20000 (default)  --seconds N (live window, default 10)
 * Aim: at least 30 fps panning with 20,000 vehicles.
 *
 * Figures are in docs/bench-map.md. Headless Chromium draws with software GL (no GPU here), on
 * two cores shared with the server, the simulator and whatever else runs: treat them as noisy.
 */
import { parseArgs } from 'node:util';
import { launchBrowser } from '../../../e2e/browser.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, startMapBenchServer, type MapBenchServer } from './fleet.ts';
import { KLANG_VALLEY } from '@jejak/simulator';
import { fitBox, heapMb, liveCost, panFps, timeToDraw, zoomFps, type LiveCost } from './page.ts';
import { startSimulatorFleet, type SimulatorFleet } from './sim.ts';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '1000,5000,20000' },
    seconds: { type: 'string', default: '10' },
  },
});
/** The empty map first (the baseline), then the sizes asked for. */
const SIZES = [
  0,
  ...values.vehicles
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => n !== 0),
];
const LIVE_SECONDS = Number(values.seconds);
const FIX_EVERY_MS = 10_000;
const MOTION_SECONDS = 5;
/** One fleet size's whole run, seeding to clean-up, at most this long. */
const SIZE_TIMEOUT_MS = 10 * 60_000;

if (SIZES.some((n) => !Number.isInteger(n) || n < 0) || !(LIVE_SECONDS > 0)) {
  console.error('usage: npm run bench:map -- [--vehicles 1000,5000,20000] [--seconds 10]');
  process.exit(2);
}

interface Figures {
  vehicles: number;
  seedS: number;
  sourceMs: number;
  idleMs: number;
  panFps: number;
  zoomFps: number;
  /** The same with the feed frozen: what drawing the vehicles costs, apart from the server's and simulator's CPU. */
  stillPanFps: number;
  stillZoomFps: number;
  live: LiveCost;
  heapMb: number;
  sent: number;
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function benchSize(vehicles: number): Promise<Figures> {
  let server: MapBenchServer | undefined;
  let sim: SimulatorFleet | undefined;
  const browser = await launchBrowser();
  try {
    server = await startMapBenchServer(vehicles);
    console.log(`  ${vehicles} vehicles seeded in ${server.seedS.toFixed(1)} s; simulator starting`);
    sim = startSimulatorFleet(server.gt06Port, server.imeis, FIX_EVERY_MS);
    const simStarted = performance.now();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx compiles the in-page functions with esbuild's keepNames, which calls a __name helper.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const base = server.app.httpUrl;
    await page.goto(`${base}/`);
    await page.waitForURL(/\/Login$/);
    await page.fill('#email', BENCH_EMAIL);
    await page.fill('#password', BENCH_PASSWORD);
    await page.press('#password', 'Enter');
    await page.waitForURL(`${base}/`);
    // A fresh load of the dashboard, timed from navigation.
    const draw = await timeToDraw(page, `${base}/`, vehicles);
    console.log(`  drawn: source ${Math.round(draw.sourceMs)} ms, idle ${Math.round(draw.idleMs)} ms`);
    // Every simulated device connected and reporting before the live window (one interval and a bit).
    const warmMs = FIX_EVERY_MS + 3000 - (performance.now() - simStarted);
    if (warmMs > 0) await new Promise((r) => setTimeout(r, warmMs));
    const { minLon, minLat, maxLon, maxLat } = KLANG_VALLEY;
    await fitBox(page, [
      [minLon, minLat],
      [maxLon, maxLat],
    ]);
    const pan = await panFps(page, MOTION_SECONDS);
    const zoom = await zoomFps(page, MOTION_SECONDS);
    console.log(`  fps: panning ${pan.toFixed(1)}, zooming ${zoom.toFixed(1)}`);
    // The same moves with the simulator frozen and the server idle: on this 2-core machine the
    // feed's CPU (server + simulator) competes with Chromium's software GL, which the empty map
    // never meets; frozen, the ratio to the empty map is what the vehicles themselves cost.
    sim.pause(true);
    await fitBox(page, [
      [minLon, minLat],
      [maxLon, maxLat],
    ]);
    const stillPan = await panFps(page, MOTION_SECONDS);
    const stillZoom = await zoomFps(page, MOTION_SECONDS);
    sim.pause(false);
    console.log(`  fps with the feed frozen: panning ${stillPan.toFixed(1)}, zooming ${stillZoom.toFixed(1)}`);
    const live = await liveCost(page, cdp, LIVE_SECONDS);
    const heap = await heapMb(cdp);
    const sent = (await sim.stop()).sent;
    sim = undefined;
    return {
      vehicles,
      seedS: server.seedS,
      sourceMs: draw.sourceMs,
      idleMs: draw.idleMs,
      panFps: pan,
      zoomFps: zoom,
      stillPanFps: stillPan,
      stillZoomFps: stillZoom,
      live,
      heapMb: heap,
      sent,
    };
  } finally {
    await browser.close().catch(() => undefined);
    await sim?.stop();
    await server?.stop();
  }
}

function printTable(rows: Figures[], baseline: Figures | undefined): void {
  const head = [
    'vehicles',
    'drawn (source)',
    'drawn (idle)',
    'pan fps',
    'zoom fps',
    'live msg/s',
    'main thread ms per 1 s live',
    'of it JS',
    'store apply ms/s',
    'layer diff ms/s',
    'heap MB',
    'pan fps ÷ empty map',
    'zoom fps ÷ empty map',
    'pan fps, feed frozen',
    'zoom fps, feed frozen',
    'frozen pan ÷ empty map',
    'frozen zoom ÷ empty map',
  ];
  const fmt = (n: number | null, digits = 0) => (n === null || !Number.isFinite(n) ? '–' : n.toFixed(digits));
  const lines = rows.map((r) => [
    String(r.vehicles),
    `${fmt(r.sourceMs)} ms`,
    `${fmt(r.idleMs)} ms`,
    fmt(r.panFps, 1),
    fmt(r.zoomFps, 1),
    fmt(r.live.messagesPerS),
    fmt(r.live.taskMsPerS),
    fmt(r.live.scriptMsPerS),
    fmt(r.live.applyMsPerS, 1),
    fmt(r.live.redrawMsPerS, 1),
    fmt(r.heapMb, 1),
    baseline ? fmt(r.panFps / baseline.panFps, 2) : '–',
    baseline ? fmt(r.zoomFps / baseline.zoomFps, 2) : '–',
    fmt(r.stillPanFps, 1),
    fmt(r.stillZoomFps, 1),
    baseline ? fmt(r.stillPanFps / baseline.stillPanFps, 2) : '–',
    baseline ? fmt(r.stillZoomFps / baseline.stillZoomFps, 2) : '–',
  ]);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

const results: Figures[] = [];
for (const vehicles of SIZES) {
  console.log(
    vehicles === 0
      ? 'bench:map — the empty map (baseline)'
      : `bench:map — ${vehicles} vehicles, a fix every ${FIX_EVERY_MS / 1000} s each`,
  );
  try {
    results.push(await withTimeout(benchSize(vehicles), SIZE_TIMEOUT_MS, `the run of ${vehicles} vehicles`));
  } catch (error) {
    console.error(`  ${vehicles} vehicles failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
printTable(
  results,
  results.find((r) => r.vehicles === 0),
);
process.exit(results.length === SIZES.length ? 0 : 1);
