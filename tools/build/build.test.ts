import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, DOC_PATHS } from '@jejak/contract';
import { exited, freePort, serverAnswers, serverEnv, waitFor } from '../server-process.ts';
import { NODE_LTS_VERSION, nodeLtsBinary } from '../setup/node-lts.ts';
import { REPO_ROOT } from './server-bundle.ts';

const rootManifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
const workspaceDeps = (path: string) =>
  Object.keys((JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as { dependencies: object }).dependencies);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/**
 * `npm run build`'s output, copied to a folder outside the checkout whose node_modules holds only
 * the packages the build's manifest names (links to the installed ones): no tsx, no TypeScript,
 * no workspace sources. The program must start there with plain `node` and serve the console.
 */
describe('the production build', () => {
  const work = mkdtempSync(join(tmpdir(), 'jejak-build-'));
  const app = join(work, 'app');
  const dist = join(app, 'dist');
  let manifest: { type: string; dependencies: Record<string, string> };
  const servers: ChildProcess[] = [];

  beforeAll(() => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'tools/build/build.ts', '--out', dist], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    manifest = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8')) as typeof manifest;
    for (const name of Object.keys(manifest.dependencies)) {
      mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
      symlinkSync(join(REPO_ROOT, 'node_modules', name), join(app, 'node_modules', name));
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.exitCode !== null) continue;
      server.kill('SIGTERM');
      await exited(server);
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('holds JavaScript only, and names run-time packages the production install provides', () => {
    const files = filesUnder(dist).map((f) => f.slice(dist.length + 1));
    expect(files).toContain('server/main.js');
    expect(files).toContain('web/index.html');
    expect(files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))).toEqual([]);
    expect(manifest.type).toBe('module');
    // The Docker image installs `npm ci --omit=dev -w @jejak/server`: the server's dependencies
    // and those of the workspace packages it bundles. Nothing else may be needed at run time.
    const declared = new Set(
      ['apps/server', 'packages/domain', 'packages/protocols', 'packages/contract', 'packages/simulator'].flatMap((w) =>
        workspaceDeps(`${w}/package.json`),
      ),
    );
    const needed = Object.keys(manifest.dependencies);
    expect(needed.filter((name) => !declared.has(name))).toEqual([]);
    expect(needed).toEqual(expect.arrayContaining(['@electric-sql/pglite', 'pg', 'fastify']));
    expect(needed.filter((name) => /^(tsx|typescript|esbuild|vite)$/.test(name))).toEqual([]);
    // Migrations are read at run time from the copy beside the bundle.
    const migrations = readdirSync(join(REPO_ROOT, 'apps/server/src/storage/db/migrations'));
    const shipped = readdirSync(join(dist, 'server/assets/apps/server/src/storage/db/migrations'));
    expect(shipped.sort()).toEqual(migrations.sort());
  });

  /** The copy each Node runs; both are made before the first run removes the build itself. */
  const runCopy = (label: string) => join(work, `run-${label}`);
  let copied = false;
  const copyFor = (label: string): string => {
    if (!copied) {
      for (const each of ['node', 'lts']) cpSync(app, runCopy(each), { recursive: true, verbatimSymlinks: true });
      rmSync(dist, { recursive: true, force: true }); // nothing may reach back into the first copy
      copied = true;
    }
    return runCopy(label);
  };

  /** Starts the copy with `node` and checks it migrates PGlite, serves the API, the console and an xlsx. */
  async function runsOn(node: string, label: string): Promise<void> {
    const dir = copyFor(label);
    const [httpPort, gt06Port] = [await freePort(), await freePort()];
    const env: Record<string, string> = {
      ...serverEnv(httpPort, { gt06: gt06Port }),
      PATH: process.env.PATH ?? '',
      JEJAK_DATA_DIR: join(work, `data-${label}`),
      JEJAK_DEMO_INTERVAL_MS: '1000',
    };
    delete env.JEJAK_WEB_DIST; // the built program finds its console beside itself
    let stdout = '';
    const child = spawn(node, ['dist/server/main.js', 'start'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    servers.push(child);
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the built server exited (${child.exitCode}):\n${stdout}`);
        return serverAnswers(httpPort);
      },
      // Seeding the demo fleet on a new PGlite takes ~10 s, several times that on a loaded machine.
      90_000,
      'the built server to answer',
    );
    expect(stdout).toContain('database: pglite');
    expect(child.spawnargs.slice(1)).toEqual(['dist/server/main.js', 'start']);

    const base = `http://127.0.0.1:${httpPort}`;
    const version = (await (await fetch(`${base}${API_BASE}${API_PATHS.version}`)).json()) as { version: string };
    expect(version.version).toBe(rootManifest.version);
    // The API docs page and Swagger UI's files, read from its package beside the bundle (ADR 0088).
    for (const path of [DOC_PATHS.docs, `${DOC_PATHS.docs}/static/swagger-ui-bundle.js`, DOC_PATHS.asyncapi]) {
      const answer = await fetch(`${base}${API_BASE}${path}`);
      expect(answer.status, path).toBe(200);
      await answer.arrayBuffer();
    }
    const page = await fetch(`${base}/Login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const login = await fetch(`${base}${API_BASE}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'distributor@demo.jejak.my', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const template = await fetch(`${base}${API_BASE}${API_PATHS.bulkTemplate}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ kind: 'device' }),
    });
    expect(template.status).toBe(200);
    expect(
      Buffer.from(await template.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    child.kill('SIGTERM');
    await exited(child);
  }

  it("runs with plain node (this machine's) from a copy: migrates PGlite, serves the API, the console and an xlsx", async () => {
    await runsOn(process.execPath, 'node');
  }, 150_000);

  // Issue 27 §9: the image's Node LTS, fetched from the npm registry when the machine runs another line.
  it(`runs on Node ${NODE_LTS_VERSION}, the image's LTS, as well`, async () => {
    const node = nodeLtsBinary();
    expect(execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${NODE_LTS_VERSION}`);
    await runsOn(node, 'lts');
  }, 240_000);
});
