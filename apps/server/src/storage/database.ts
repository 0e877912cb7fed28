import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { copyingPool } from './pg-copy-pool.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { startPGliteWorker } from './pglite-worker.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
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
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** dataDir null means in memory (tests). */
export async function openPGlite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const engine = await startPGliteWorker(dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(engine) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
