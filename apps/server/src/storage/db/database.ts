import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { copyingPool } from './pg-copy-pool.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { startPGliteWorker, type PGliteSettings } from './pglite-worker.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/**
 * `column = any($1)` with the keys as one text-array parameter: one statement shape for a read
 * of many keys, however many (lib/coalesce.ts makes such reads).
 */
export const isAnyOf = (column: string, keys: readonly string[]) =>
  sql<boolean>`${sql.ref(column)} = any(${[...keys]}::text[])`;

/** The connections as the metrics see them (PGlite: one, busy while a request is pending). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  pool(): PoolStats;
  /**
   * PGlite in a data folder: the folder, and a consistent copy of it taken while it runs (a
   * gzipped tarball, between transactions; jejak backup, ADR 0084).
   */
  embedded?: { dataDir: string; dump(): Promise<Uint8Array> };
  close(): Promise<void>;
}

// int8 columns hold epoch milliseconds: well within Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(
  url: string,
  poolSize: number,
  onIdleError: (err: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', onIdleError);
  // Fail fast with a clear message when the server is unreachable.
  const client = await pool.connect();
  client.release();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: copyingPool(pool) }) });
  return {
    db,
    kind: 'postgres',
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/**
 * dataDir null means in memory (tests). A new database starts as `template` when given (a
 * tarball of a data folder, see startPGliteWorker). A data folder is locked for this process before
 * PGlite opens it; another process's lock on it throws DataDirInUseError.
 */
export async function openPGlite(
  dataDir: string | null,
  settings: PGliteSettings,
  template?: string,
): Promise<DatabaseHandle> {
  const lock = dataDir ? lockDataDir(dataDir) : null;
  let engine;
  try {
    engine = await startPGliteWorker(dataDir, settings, template);
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(engine) });
  return {
    db,
    kind: 'pglite',
    pool: () => {
      const pending = engine.pending();
      return { total: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) };
    },
    ...(dataDir
      ? {
          embedded: {
            dataDir,
            // Holding the one connection: no transaction is open while the copy is taken.
            dump: () => db.connection().execute(() => engine.dump()),
          },
        }
      : {}),
    async close() {
      await db.destroy();
      lock?.release();
    },
  };
}
