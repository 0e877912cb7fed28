/**
 * The Node.js LTS the image runs (issue 27 §9), for the tests that start the built server on it
 * when the machine's own Node is another line. Its binary comes from the npm registry's
 * per-platform `node-<os>-<arch>` package (the registry is reachable wherever `npm ci` works),
 * unpacked once into ~/.cache/jejak and reused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Keep in step with the Dockerfile's NODE_IMAGE, .nvmrc and the engines field. */
export const NODE_LTS_VERSION = '24.22.3';

const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/** The path of a `node` of the LTS line: this process's own when it is one, else the cached download. */
export function nodeLtsBinary(version: string = NODE_LTS_VERSION): string {
  if (major(process.version) === major(version)) return process.execPath;
  const home = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'jejak', `node-${version}`);
  const binary = join(home, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(join(home, '..'), { recursive: true });
  const work = mkdtempSync(`${home}.download-`);
  try {
    const pkg = `node-${process.platform}-${process.arch}@${version}`;
    execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg} gave no tarball`);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
    rmSync(home, { recursive: true, force: true });
    renameSync(join(work, 'package'), home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

// `tsx tools/setup/node-lts.ts`: fetch it now and print its path (ensure-system runs this).
if (process.argv[1]?.endsWith('node-lts.ts')) {
  const binary = nodeLtsBinary();
  console.log(`${execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()}: ${binary}`);
}
