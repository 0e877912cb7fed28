import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import { backfillDayStats } from '../ingest/day-stats.ts';
import { createMonthPartition, PARTITIONED_TABLES } from './partitions.ts';
import type { Database } from './schema.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

type DataStep = (trx: Transaction<Database>) => Promise<void>;

/**
 * Moves vehicle_logs' rows into the month partitions migration 024 made room for: a partition
 * for every month they fall in first, so each row is written once, into its month.
 */
const partitionVehicleLogs: DataStep = async (trx) => {
  const vehicleLogs = PARTITIONED_TABLES[1];
  const { rows } = await sql<{ month: number }>`
    select distinct (extract(year from t) * 12 + extract(month from t) - 1)::int as month
    from (select to_timestamp(vehicle_time / 1000.0) at time zone 'UTC' as t from vehicle_logs_unpartitioned) x`.execute(
    trx,
  );
  for (const r of rows) await createMonthPartition(trx, vehicleLogs, Number(r.month));
  const columns = `vid, vehicle_time, created_at, lat, lon, speed, address, trip_status, trip_from,
    transit_status, transit_from, mileage`;
  await sql.raw(`insert into vehicle_logs (${columns}) select ${columns} from vehicle_logs_unpartitioned`).execute(trx);
  await sql`drop table vehicle_logs_unpartitioned`.execute(trx);
  await backfillDayStats(trx);
};

/** Work of a migration written in TypeScript, run after its SQL in the same transaction. */
const DATA_STEPS: Record<string, DataStep> = {
  '024_partitioned_positions.sql': partitionVehicleLogs,
};

/**
 * Runs the plain SQL migrations not yet applied, each in its own transaction, in name order;
 * `until` stops before the first file whose name is not below it (tests fill an older schema).
 */
export async function migrate(db: Db, until?: string): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at bigint not null)`.execute(
    db,
  );
  const ran: string[] = [];
  for (const file of await pendingMigrations(db, until)) {
    const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction().execute(async (trx) => {
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
      await DATA_STEPS[file]?.(trx);
      await trx.insertInto('schema_migrations').values({ name: file, applied_at: Date.now() }).execute();
    });
    ran.push(file);
  }
  return ran;
}

/**
 * The migrations this program has that the database has not applied, in name order: none once a
 * start has migrated it; some while another node migrates it, or after a newer program's files
 * came without a start (a node then is not ready, /readyz).
 */
export async function pendingMigrations(db: Db, until?: string): Promise<string[]> {
  const applied = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && (until === undefined || f < until) && !applied.has(f))
    .sort();
}

/** Our migrations hold no functions or quoted semicolons, so ';' at line end separates statements. */
function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
