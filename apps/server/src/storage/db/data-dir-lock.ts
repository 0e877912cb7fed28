import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { tryLock } from 'fs-native-extensions';

/** The file in the data folder whose lock marks the folder as in use; it holds the owner's pid. */
export const LOCK_FILE = 'jejak.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | null,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Jejak process` +
        (ownerPid === null ? '' : ` (pid ${ownerPid})`) +
        '. Stop that process, or give this one another JEJAK_DATA_DIR.',
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data folder for this process alone (ADR 0030), before anything in it is opened
 * for writing: two PostgreSQL engines writing one folder corrupt it. The lock is an
 * exclusive fcntl lock on an open file (an open-file-description lock on Linux), which the
 * kernel drops when the process ends, however it ends, so a crash never leaves the folder
 * locked. The pid written beside it only names the owner in the refusal.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/${LOCK_FILE}`;
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
  if (!tryLock(fd)) {
    closeSync(fd);
    throw new DataDirInUseError(dir, readPid(path));
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${process.pid}\n`, 0);
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      // Closing the descriptor drops the lock; the file stays, empty of meaning.
      closeSync(fd);
    },
  };
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
