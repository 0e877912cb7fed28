/**
 * npm run bench:first-load (issue 26 item 9) — from a fresh clone to the first vehicles on the
 * dashboard, as a new user meets Jejak: `git clone` of this checkout's HEAD into a temporary
 * folder, `npm ci`, `npm start` (it builds the console, then starts the server with the demo fleet
 * and its simulator) with a fresh data folder and free ports, then Chromium with an empty cache:
 * /Login, sign in as the demo owner, until the map's vehicles source holds features.
 *
 * Prints each phase's time and the time from the start, and the bytes the browser took: over the
 * wire (transferSize, headers included), bodies as sent (encodedBodySize: compressed when the
 * server compressed them) and decoded, for the console's files and for the API apart.
 * Uncommitted changes are not in the clone: commit first. The npm cache of this machine is used
 * as it is (warm or not): `npm ci` time depends on it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PROTOCOLS } from '@jejak/protocols';
import { launchBrowser } from '../../../e2e/browser.ts';
import { freePort, serverAnswers, waitFor } from '../../server-process.ts';
import { fetchedResources, freshContext, signInOnPage, vehiclesDrawn, type Fetched } from './console-page.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const MINUTE = 60_000;

const t0 = performance.now();
const phases: { what: string; atMs: number }[] = [];
let last = t0;
function phase(what: string, at = performance.now()): void {
  phases.push({ what, atMs: at - t0 });
  console.log(`  ${what}: ${((at - last) / 1000).toFixed(1)} s (at ${((at - t0) / 1000).toFixed(1)} s)`);
  last = at;
}

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], timeout: 10 * MINUTE });
}

/** When the build last wrote a file (its compressed copies come last): the end of the build. */
function newestMtimeMs(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs),
  );
}

function sum(list: Fetched[]): { files: number; transfer: number; encoded: number; decoded: number } {
  return {
    files: list.length,
    transfer: list.reduce((n, f) => n + f.transferBytes, 0),
    encoded: list.reduce((n, f) => n + f.encodedBytes, 0),
    decoded: list.reduce((n, f) => n + f.decodedBytes, 0),
  };
}

const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const work = mkdtempSync(join(tmpdir(), 'jejak-first-load-'));
const clone = join(work, 'jejak');
let server: ChildProcess | undefined;
try {
  console.log(`bench:first-load — ${head.slice(0, 10)} cloned into ${clone}`);
  // A worktree's clone would check out the main branch: take this checkout's commit by its hash.
  run('git', ['clone', '--quiet', '--no-checkout', ROOT, clone], work);
  run('git', ['checkout', '--quiet', head], clone);
  phase('git clone');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel', 'error'], clone);
  phase('npm ci');

  const httpPort = await freePort();
  const ports: Record<string, string> = {};
  for (const p of PROTOCOLS) ports[`JEJAK_${p.id.toUpperCase()}_PORT`] = String(await freePort());
  const started = performance.now();
  server = spawn('npm', ['start'], {
    cwd: clone,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...ports,
      JEJAK_HTTP_PORT: String(httpPort),
      JEJAK_GATEWAY_HOST: '127.0.0.1',
      JEJAK_DATA_DIR: join(work, 'data'),
      JEJAK_LOG_LEVEL: 'warn',
      // No network on this machine: the offline basemap at once, not after the street style's timeout.
      JEJAK_MAP_STYLE_URL: 'offline',
    },
  });
  await waitFor(() => serverAnswers(httpPort), 10 * MINUTE, 'npm start to answer');
  const ready = performance.now();
  // The build's end, from the time its last file was written (on the wall clock, as Date.now()).
  const builtAgoMs = Date.now() - newestMtimeMs(join(clone, 'apps/web/dist'));
  phase('npm start: console build', Math.max(started, performance.now() - builtAgoMs));
  phase('npm start: server ready', ready);

  const base = `http://127.0.0.1:${httpPort}`;
  const browser = await launchBrowser();
  try {
    const context = await freshContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(2 * MINUTE);
    await page.goto(`${base}/`);
    await page.locator('#email').waitFor();
    phase('sign-in page loaded');
    await signInOnPage(page, base);
    await vehiclesDrawn(page);
    phase('first vehicles drawn');
    const fetched = await fetchedResources(page, base);
    const files = sum(fetched.filter((f) => !f.path.startsWith('/api/')));
    const api = sum(fetched.filter((f) => f.path.startsWith('/api/')));
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log('');
    console.log('| phase | took | at |');
    console.log('|---|---|---|');
    let before = 0;
    for (const p of phases) {
      console.log(`| ${p.what} | ${((p.atMs - before) / 1000).toFixed(1)} s | ${(p.atMs / 1000).toFixed(1)} s |`);
      before = p.atMs;
    }
    console.log('');
    console.log('| the browser took | requests | over the wire | bodies as sent | bodies decoded |');
    console.log('|---|---|---|---|---|');
    for (const [what, s] of [
      ['console files', files],
      ['API answers', api],
    ] as const) {
      console.log(`| ${what} | ${s.files} | ${kb(s.transfer)} | ${kb(s.encoded)} | ${kb(s.decoded)} |`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
} finally {
  // npm start's whole process group: npm, tsx and the server under it.
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  rmSync(work, { recursive: true, force: true });
}
