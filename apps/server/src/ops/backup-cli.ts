import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config/load.ts';
import type { Config } from '../config/schema.ts';
import { DataDirInUseError, lockDataDir } from '../storage/db/data-dir-lock.ts';
import { restoreDataDir, startPGliteWorker } from '../storage/db/pglite-worker.ts';
import { BACKUP_PATH, readAdminFile } from './backup.ts';

export const BACKUP_USAGE = `Usage: jejak backup FILE
       jejak restore FILE

backup   writes a consistent copy of the embedded database (JEJAK_DATA_DIR) to FILE, a gzipped
         tarball, while the server runs (it asks the server over loopback) or while it is stopped.
restore  makes JEJAK_DATA_DIR, which must be empty or absent, from such a FILE; then start on it.

On PostgreSQL (DATABASE_URL) use pg_dump and pg_restore, or base backups: docs/operations.md.`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The configuration, or null after saying why not (invalid, or PostgreSQL's, which has its own tools). */
function embeddedConfig(env: NodeJS.ProcessEnv, io: Io, command: string): Config | null {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(err.message);
    return null;
  }
  if (config.DATABASE_URL) {
    io.err(`jejak ${command} is for the embedded database; on PostgreSQL (DATABASE_URL) see docs/operations.md.`);
    return null;
  }
  return config;
}

/** The one FILE argument, or null after printing the usage. */
function fileArgument(argv: string[], io: Io): string | null {
  if (argv.length === 1 && argv[0] !== undefined && !argv[0].startsWith('-')) return argv[0];
  if (argv.includes('--help') || argv.includes('-h')) io.out(BACKUP_USAGE);
  else io.err(BACKUP_USAGE);
  return null;
}

/** The copy: from the running server when it holds the folder, else from the folder itself. */
async function takeCopy(config: Config): Promise<Uint8Array> {
  const dataDir = resolve(config.JEJAK_DATA_DIR);
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    return askServer(dataDir);
  }
  try {
    const engine = await startPGliteWorker(dataDir, { sharedBuffersMb: config.JEJAK_PGLITE_SHARED_BUFFERS_MB });
    try {
      return await engine.dump();
    } finally {
      await engine.close();
    }
  } finally {
    lock.release();
  }
}

async function askServer(dataDir: string): Promise<Uint8Array> {
  const admin = readAdminFile(dataDir);
  if (!admin) throw new Error(`${dataDir} is in use, but its server has not written how to reach it yet`);
  const res = await fetch(`${admin.url}${BACKUP_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  if (!res.ok) throw new Error(`the server at ${admin.url} refused the backup: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** `jejak backup FILE`: 0 written, 1 failed, 2 bad usage. FILE appears whole or not at all. */
export async function runBackup(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const file = fileArgument(argv, io);
  if (file === null) return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  const config = embeddedConfig(env, io, 'backup');
  if (!config) return 1;
  if (!existsSync(join(config.JEJAK_DATA_DIR, 'PG_VERSION'))) {
    io.err(`There is no database in ${resolve(config.JEJAK_DATA_DIR)} (JEJAK_DATA_DIR).`);
    return 1;
  }
  try {
    const bytes = await takeCopy(config);
    writeFileSync(`${file}.partial`, bytes);
    renameSync(`${file}.partial`, file);
    io.out(`Backup of ${resolve(config.JEJAK_DATA_DIR)} written to ${file} (${bytes.length} bytes).`);
    return 0;
  } catch (err) {
    io.err(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

/** `jejak restore FILE`: 0 restored, 1 refused or failed, 2 bad usage. */
export async function runRestore(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const file = fileArgument(argv, io);
  if (file === null) return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  const config = embeddedConfig(env, io, 'restore');
  if (!config) return 1;
  const dataDir = resolve(config.JEJAK_DATA_DIR);
  if (!existsSync(file)) {
    io.err(`No backup file ${file}.`);
    return 1;
  }
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    io.err(`${dataDir} (JEJAK_DATA_DIR) is not empty: restore goes into an empty or new folder only.`);
    return 1;
  }
  // A server started meanwhile on the same folder must not write into it while it is made.
  const lock = lockDataDir(dataDir);
  try {
    await restoreDataDir(dataDir, resolve(file), { sharedBuffersMb: config.JEJAK_PGLITE_SHARED_BUFFERS_MB });
    io.out(`Restored ${file} into ${dataDir}.`);
    return 0;
  } catch (err) {
    io.err(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    lock.release();
  }
}
