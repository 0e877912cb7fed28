/**
 * Makes sure the Debian packages the tests run are installed (`npm test` and .ci/run start with
 * it). When all are there it only looks at a few files. When some are missing it installs exactly
 * those with apt-get, as root or through sudo without a password; otherwise it stops and prints
 * the command to run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { nodeLtsBinary } from './node-lts.ts';
import { missingPackages, plan, SYSTEM_PACKAGES } from './system-packages.ts';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutable(join(dir, command)));

const missing = missingPackages(SYSTEM_PACKAGES, isExecutable);
if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const hasAptGet = onPath('apt-get');
  const hasSudo =
    !isRoot && hasAptGet && onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const next = plan(missing, { hasAptGet, isRoot, hasSudo });
  if (next.action === 'stop') {
    console.error(next.message);
    process.exit(1);
  }
  if (next.action === 'install') {
    console.log(next.message);
    const aptGet = (args: string[]) =>
      execFileSync(
        next.sudo ? 'sudo' : 'env',
        [...(next.sudo ? ['-n', 'env'] : []), 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-qq', ...args],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
    aptGet(['update']);
    aptGet(['install', '-y', ...next.packages]);
    const still = missingPackages(missing, isExecutable);
    if (still.length > 0) {
      console.error(`apt-get ran but these are still missing: ${still.map((p) => p.name).join(', ')}`);
      process.exit(1);
    }
  }
}

// The image's Node LTS, for the test that starts the built server on it (issue 27 §9).
nodeLtsBinary();
