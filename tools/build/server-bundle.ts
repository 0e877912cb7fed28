/**
 * Bundles the server (apps/server/src/main.ts and the workspace packages it imports) into one
 * ES module that plain `node` runs. npm packages stay external: several read their own files at
 * run time (PGlite's wasm and data, pdfkit's fonts, exceljs's templates) and must be installed,
 * not inlined. Files the server reads next to its own source (`new URL('./x', import.meta.url)`:
 * the migrations, the root package.json for the version) are copied beside the bundle and the
 * URLs rewritten to point at the copies.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const SERVER_MAIN = join(REPO_ROOT, 'apps/server/src/main.ts');
/** Where, beside the bundle, the files it reads at run time are copied (by repo-relative path). */
const ASSETS = 'assets';
/** Only our own sources are bundled; anything else showing up among the inputs is a mistake. */
const BUNDLED_SOURCES = [join(REPO_ROOT, 'apps/server/src') + sep, join(REPO_ROOT, 'packages') + sep];

export interface ServerBundle {
  /** npm packages the bundle imports or resolves at run time, with the version installed here. */
  externals: Record<string, string>;
  /** Repo-relative paths of the files and folders copied beside the bundle. */
  assets: string[];
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));

/** The version of `name` that Node would load from `fromDir`. */
function installedVersion(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (dirname(dir) === dir) throw new Error(`${name} is imported from ${fromDir} but not installed`);
  }
}

/**
 * Keeps npm packages external and bundles our workspace packages. Also records packages that are
 * only resolved at run time (`createRequire(import.meta.url).resolve('pkg')`, as the PGlite worker
 * does) so they are listed as dependencies too.
 */
function externalsPlugin(externals: Record<string, string>): Plugin {
  const note = (name: string, fromDir: string) => {
    const version = installedVersion(name, fromDir);
    const seen = externals[name];
    if (seen !== undefined && seen !== version) throw new Error(`${name}: both ${seen} and ${version} are imported`);
    externals[name] = version;
  };
  return {
    name: 'jejak-externals',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.path.startsWith('@jejak/')) return undefined;
        note(packageName(args.path), args.resolveDir);
        return { path: args.path, external: true };
      });
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        for (const m of text.matchAll(/createRequire\(import\.meta\.url\)\.resolve\(\s*'([^'.][^']*)'\s*\)/g))
          note(packageName(m[1] ?? ''), dirname(args.path));
        return undefined;
      });
    },
  };
}

/**
 * Rewrites `new URL('<relative>', import.meta.url)` in our sources so that it names a copy under
 * `assets/` beside the bundle, and copies the file or folder there. Only targets inside the
 * repository and below its root are accepted, so a URL to the repository itself (test helpers
 * reading ../shared) fails the build instead of copying the world.
 */
function assetUrlsPlugin(outDir: string, assets: Set<string>): Plugin {
  return {
    name: 'jejak-asset-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const pattern = /new URL\(\s*'(\.\.?\/[^']*)'\s*,\s*import\.meta\.url\s*\)/g;
        if (!text.includes('import.meta.url')) return undefined;
        const contents = text.replace(pattern, (_all, rel: string) => {
          const target = resolve(dirname(args.path), rel);
          const repoPath = relative(REPO_ROOT, target);
          if (repoPath === '' || repoPath.startsWith('..') || !existsSync(target))
            throw new Error(`${relative(REPO_ROOT, args.path)}: cannot ship ${rel} (${target})`);
          cpSync(target, join(outDir, ASSETS, repoPath), { recursive: true });
          assets.add(repoPath);
          const suffix = rel.endsWith('/') ? '/' : '';
          return `new URL(${JSON.stringify(`./${ASSETS}/${repoPath.split(sep).join('/')}${suffix}`)}, import.meta.url)`;
        });
        return contents === text ? undefined : { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * The console's build folder, relative to the bundle, as the default of JEJAK_WEB_DIST (whose
 * own default, apps/web/dist, is relative to the working directory of a checkout).
 */
const BANNER = [
  "import { fileURLToPath as __jejakFileURLToPath } from 'node:url';",
  "process.env.JEJAK_WEB_DIST ??= __jejakFileURLToPath(new URL('../web/', import.meta.url));",
].join('\n');

/** Bundles the server into `outDir/main.js` (with its source map and assets). */
export async function bundleServer(outDir: string): Promise<ServerBundle> {
  const externals: Record<string, string> = {};
  const assets = new Set<string>();
  const result = await build({
    entryPoints: { main: SERVER_MAIN },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    banner: { js: BANNER },
    // onLoad hooks run in order until one answers: the externals scan only looks, then the
    // asset rewrite answers for files that name assets, and esbuild loads the rest itself.
    plugins: [externalsPlugin(externals), assetUrlsPlugin(outDir, assets)],
  });
  const strays = Object.keys(result.metafile.inputs)
    .map((input) => resolve(REPO_ROOT, input))
    .filter((path) => !BUNDLED_SOURCES.some((dir) => path.startsWith(dir)));
  if (strays.length > 0) throw new Error(`the server bundle must not include: ${strays.join(', ')}`);
  const sorted = Object.fromEntries(Object.entries(externals).sort(([a], [b]) => a.localeCompare(b)));
  return { externals: sorted, assets: [...assets].sort() };
}
