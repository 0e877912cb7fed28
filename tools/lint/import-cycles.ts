/**
 * Fails on any import cycle in the repository (`npm run lint` runs it after ESLint).
 *
 * Every source file git knows of or would add (tracked or untracked, not ignored) is read; relative
 * specifiers and the workspace packages (`@jejak/*`, through their package.json `exports`) are
 * resolved to files; packages from node_modules are leaves. `import type` counts (see
 * import-graph.ts). Each cycle is printed as the chain of imports that makes it, file:line.
 *
 * eslint-plugin-import-x's no-cycle was measured too (5.7 s of a 60 s lint) but it always skips
 * type-only imports, which are most of this repository's cycles; this check takes about two seconds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { buildGraph, findCycles, importsOf, type Cycle, type ImportRef } from './import-graph.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

interface Workspace {
  name: string;
  dir: string;
  exports: unknown;
  main: string | undefined;
}

interface PackageJson {
  name?: string;
  workspaces?: string[];
  exports?: unknown;
  main?: string;
}

const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as PackageJson;

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .toString('utf8')
    .split('\0')
    .filter((file) => SOURCE.test(file) && existsSync(join(ROOT, file)))
    .sort();
}

function workspaces(): Workspace[] {
  return (readJson('package.json').workspaces ?? []).flatMap((dir) => {
    if (!existsSync(join(ROOT, dir, 'package.json'))) return [];
    const pkg = readJson(join(dir, 'package.json'));
    return pkg.name ? [{ name: pkg.name, dir, exports: pkg.exports, main: pkg.main }] : [];
  });
}

/** The file an `exports` entry (or `main`) of a workspace package names for a subpath ('.', './x'). */
function exportTarget(pkg: Workspace, subpath: string): string {
  const entry: unknown =
    typeof pkg.exports === 'string' || Array.isArray(pkg.exports)
      ? subpath === '.'
        ? pkg.exports
        : undefined
      : (pkg.exports as Record<string, unknown> | undefined)?.[subpath];
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return pick(value[0]);
    if (value && typeof value === 'object') {
      const conditions = value as Record<string, unknown>;
      return pick(conditions.import ?? conditions.default ?? conditions.types);
    }
    return undefined;
  };
  return pick(entry) ?? (subpath === '.' ? (pkg.main ?? 'index.js') : subpath);
}

function resolver(files: ReadonlySet<string>, packages: readonly Workspace[]) {
  const firstFile = (path: string): string | null => {
    const base = posix.normalize(path);
    const candidates = [
      base,
      base.replace(/\.([cm]?)js$/, '.$1ts'),
      base.replace(/\.jsx$/, '.tsx'),
      `${base}.ts`,
      `${base}.tsx`,
      `${base}/index.ts`,
      `${base}/index.tsx`,
    ];
    return candidates.find((c) => files.has(c)) ?? null;
  };
  return (from: string, specifier: string): string | null => {
    if (specifier.startsWith('./') || specifier.startsWith('../'))
      return firstFile(posix.join(posix.dirname(from), specifier));
    const pkg = packages.find((p) => specifier === p.name || specifier.startsWith(`${p.name}/`));
    if (!pkg) return null;
    const subpath = `.${specifier.slice(pkg.name.length)}`;
    return firstFile(posix.join(pkg.dir, exportTarget(pkg, subpath)));
  };
}

function commonFolder(files: readonly string[]): string {
  let folder = dirname(files[0]!);
  while (!files.every((f) => f.startsWith(`${folder}/`)) && folder !== '.') folder = dirname(folder);
  return folder;
}

function describe(cycle: Cycle): string {
  return cycle
    .map(
      ({ from, edge }) =>
        `    ${from}:${edge.line}${edge.kind === 'static' ? '' : ` (${edge.kind})`}\n      → ${edge.to}`,
    )
    .join('\n');
}

const started = performance.now();
const files = sourceFiles();
const imports = new Map<string, ImportRef[]>(
  files.map((file) => [file, importsOf(file, readFileSync(join(ROOT, file), 'utf8'))]),
);
const knots = findCycles(buildGraph(imports, resolver(new Set(files), workspaces())));
const ms = Math.round(performance.now() - started);

if (knots.length === 0) {
  console.log(`import cycles: none in ${files.length} files (${ms} ms)`);
} else {
  let n = 0;
  const total = knots.reduce((sum, k) => sum + k.cycles.length, 0);
  for (const { knot, cycles } of knots) {
    console.error(`\n${commonFolder(knot)}: ${knot.length} files import each other`);
    for (const cycle of cycles) console.error(`  cycle ${++n} of ${total}:\n${describe(cycle)}`);
  }
  console.error(
    `\n✖ ${total} import cycles in ${knots.length} groups of files (${files.length} files, ${ms} ms).` +
      '\n  No import circle anywhere (STYLE.md): move what both sides need down to a module both can import.',
  );
  process.exitCode = 1;
}
