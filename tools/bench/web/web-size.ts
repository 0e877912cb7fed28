/**
 * npm run bench:web-size (issue 26 item 9) — what the console costs a browser on its first load.
 * The built console (built first when its sources changed), a real server with the demo fleet
 * driven by the simulator, and Chromium with an empty cache: a first load of /Login, and a first
 * load of / by the signed-in demo owner until the map holds its vehicles and has loaded. Which
 * files each load fetched comes from the browser's Resource Timing (the page's and its workers');
 * for each file of the build: its bytes as built (raw), and its .gz and .br beside it (what the
 * server sends a browser that takes them). JavaScript and CSS are summed per load, other files
 * (the world map's JSON, the HTML, the icon) on their own line; last, the whole build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSimulator } from '@jejak/simulator';
import { launchBrowser } from '../../../e2e/browser.ts';
import { demoImeis } from '../../../apps/server/src/demo/seed.ts';
import { startTestServer } from '../../../apps/server/test/harness.ts';
import { fetchedResources, freshContext, mapLoaded, signInOnPage, vehiclesDrawn } from './console-page.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const DIST = join(ROOT, 'apps/web/dist');

interface Sizes {
  files: number;
  raw: number;
  gz: number;
  br: number;
}

const none = (): Sizes => ({ files: 0, raw: 0, gz: 0, br: 0 });
const size = (path: string) => (existsSync(path) ? statSync(path).size : null);

/** A built file's bytes, and its compressed forms' (the file itself where none was written). */
function fileSizes(path: string): Sizes {
  const raw = size(path) ?? 0;
  return { files: 1, raw, gz: size(`${path}.gz`) ?? raw, br: size(`${path}.br`) ?? raw };
}

function add(a: Sizes, b: Sizes): Sizes {
  return { files: a.files + b.files, raw: a.raw + b.raw, gz: a.gz + b.gz, br: a.br + b.br };
}

const isCode = (path: string) => /\.(m?js|css)$/.test(path);

interface Load {
  code: Sizes;
  other: Sizes;
  names: string[];
}

/** Sums the build's files among `paths` (each once; `document` is index.html): JavaScript and CSS, and the rest. */
function summarise(paths: Iterable<string>): Load {
  let code = none();
  let other = none();
  const names: string[] = [];
  for (const path of new Set(paths)) {
    const file = join(DIST, path === 'document' ? 'index.html' : path);
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    names.push(path);
    if (isCode(path)) code = add(code, fileSizes(file));
    else other = add(other, fileSizes(file));
  }
  return { code, other, names: names.sort() };
}

/** A first load of /Login (signed out). */
async function loginLoad(browser: Browser, base: string): Promise<string[]> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${base}/Login`);
    await page.locator('#email').waitFor();
    await page.waitForLoadState('networkidle');
    return (await fetchedResources(page, base)).map((f) => f.path);
  } finally {
    await context.close();
  }
}

/** Signs in on one page, then loads / afresh in a new context that holds only the session cookie. */
async function dashboardLoad(browser: Browser, base: string): Promise<string[]> {
  const signIn = await freshContext(browser);
  const login = await signIn.newPage();
  login.setDefaultTimeout(120_000);
  await login.goto(`${base}/Login`);
  await signInOnPage(login, base);
  const context = await freshContext(browser, await signIn.storageState());
  await signIn.close();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${base}/`);
    await vehiclesDrawn(page);
    await mapLoaded(page);
    return (await fetchedResources(page, base)).map((f) => f.path);
  } finally {
    await context.close();
  }
}

function allBuilt(): string[] {
  return readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${join(e.parentPath, e.name).slice(DIST.length + 1)}`)
    .filter((p) => !p.endsWith('.br') && !p.endsWith('.gz'));
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const row = (what: string, s: Sizes) => `| ${what} | ${s.files} | ${kb(s.raw)} | ${kb(s.gz)} | ${kb(s.br)} |`;

execFileSync('npx', ['tsx', 'tools/ensure-web-build.ts'], { cwd: ROOT, stdio: 'inherit' });
const server = await startTestServer('pglite', { JEJAK_WEB_DIST: DIST });
// The demo trackers report (a fix a second), so the dashboard has vehicles to draw.
const sim = startSimulator({
  host: '127.0.0.1',
  port: server.gt06Port,
  devices: demoImeis().map((imei, i) => ({ imei, seed: i + 1 })),
  intervalMs: 1000,
  heartbeatEveryMs: 0,
});
const browser = await launchBrowser();
try {
  const loads: [string, Load][] = [
    ['/Login', summarise(await loginLoad(browser, server.baseUrl))],
    ['/ signed in', summarise(await dashboardLoad(browser, server.baseUrl))],
    ['the whole build', summarise(allBuilt())],
  ];
  console.log(`bench:web-size — the console in ${DIST}`);
  for (const [what, load] of loads.slice(0, 2)) console.log(`${what} fetched: ${load.names.join(' ')}`);
  console.log('');
  console.log('| first load | files | raw | gzip | brotli |');
  console.log('|---|---|---|---|---|');
  for (const [what, load] of loads) {
    console.log(row(`${what}: JS + CSS`, load.code));
    console.log(row(`${what}: other (HTML, SVG, JSON)`, load.other));
    console.log(row(`${what}: total`, add(load.code, load.other)));
  }
} finally {
  await browser.close();
  await sim.stop();
  await server.stop();
}
