/**
 * `npm run build`: the console (Vite) into `<out>/web` and the server (esbuild) into
 * `<out>/server`, with `<out>/package.json` naming the npm packages the server needs at run time.
 * The result runs with plain `node <out>/server/main.js start` — no TypeScript at run time —
 * from the checkout or from any folder holding `<out>` and those packages (docs/deploy.md).
 *
 *   tsx tools/build/build.ts [--out <dir>]   (default: dist)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleServer, REPO_ROOT } from './server-bundle.ts';

function buildWeb(outDir: string): void {
  execFileSync(
    'npx',
    ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
}

/** The manifest of the built program: ES modules, and the server's run-time packages. */
function writeManifest(outDir: string, externals: Record<string, string>): void {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
    engines: Record<string, string>;
  };
  const manifest = {
    name: 'jejak-dist',
    version: root.version,
    private: true,
    type: 'module',
    engines: root.engines,
    bin: { jejak: 'server/main.js' },
    dependencies: externals,
  };
  writeFileSync(join(outDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
}

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
const outDir = resolve(REPO_ROOT, values.out);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
buildWeb(join(outDir, 'web'));
const bundle = await bundleServer(join(outDir, 'server'));
writeManifest(outDir, bundle.externals);
console.log(
  `Built ${outDir}: web/, server/main.js (${Object.keys(bundle.externals).length} npm packages external; ` +
    `assets: ${bundle.assets.join(', ')})`,
);
