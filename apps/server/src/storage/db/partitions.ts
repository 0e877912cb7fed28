import { sql, type Kysely } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * The position tables, partitioned by month of their time column (DESIGN §2, ADR 0058). Each has
 * a default partition for rows outside every month partition (late fixes of a month already
 * dropped, a tracker's clock far off).
 */
export const PARTITIONED_TABLES = [
  { table: 'device_logs', key: 'device_time' },
  { table: 'vehicle_logs', key: 'vehicle_time' },
] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Month partitions made around now: last month to this many ahead. */
const MONTHS_AHEAD = 2;

/** A month as one number: year * 12 + month index (0 = January). */
export const monthOf = (ms: number): number => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const monthStart = (month: number): number => Date.UTC(Math.floor(month / 12), month % 12, 1);
const partitionName = (t: PartitionedTable, month: number): string =>
  `${t.table}_${Math.floor(month / 12)}_${String((month % 12) + 1).padStart(2, '0')}`;

async function exists(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${name}) is not null as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * Makes the month's partition unless it exists, inside the caller's transaction. PostgreSQL
 * refuses a partition whose range the default partition holds rows of, so when it does those
 * rows move: the partition is made as a plain table, filled from the default, the rows leave the
 * default and the table is attached — in one transaction, so nothing is seen twice or lost.
 */
export async function createMonthPartition(trx: Kysely<Database>, t: PartitionedTable, month: number): Promise<void> {
  const name = partitionName(t, month);
  if (await exists(trx, name)) return;
  const from = monthStart(month);
  const to = monthStart(month + 1);
  const range = `${t.key} >= ${from} and ${t.key} < ${to}`;
  const bounds = `for values from (${from}) to (${to})`;
  const { rows } = await sql
    .raw<{ stray: boolean }>(`select exists (select 1 from ${t.table}_default where ${range}) as stray`)
    .execute(trx);
  if (rows[0]?.stray !== true) {
    await sql.raw(`create table if not exists ${name} partition of ${t.table} ${bounds}`).execute(trx);
    return;
  }
  await sql.raw(`create table ${name} (like ${t.table} including defaults including constraints)`).execute(trx);
  await sql.raw(`insert into ${name} select * from ${t.table}_default where ${range}`).execute(trx);
  await sql.raw(`delete from ${t.table}_default where ${range}`).execute(trx);
  await sql.raw(`alter table ${t.table} attach partition ${name} ${bounds}`).execute(trx);
}

/** The month partitions of a table, oldest first. */
async function monthPartitions(db: Db, t: PartitionedTable): Promise<{ name: string; month: number }[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${t.table}::regclass`.execute(db);
  const pattern = new RegExp(`^${t.table}_(\\d{4})_(\\d{2})$`);
  return rows
    .flatMap((r) => {
      const m = pattern.exec(r.name);
      return m ? [{ name: r.name, month: Number(m[1]) * 12 + Number(m[2]) - 1 }] : [];
    })
    .sort((a, b) => a.month - b.month);
}

/**
 * Retention: drops whole month partitions (DROP TABLE, never DELETE) of every position table
 * that ended before the start of the month `months` before this one — the current month and
 * the `months` before it stay. 0 keeps everything. Records how far back positions are kept,
 * for the recompute of late data (recompute-store.ts). Returns the partitions dropped.
 */
export async function dropExpiredPartitions(db: Db, nowMs: number, months: number): Promise<string[]> {
  if (months <= 0) return [];
  const keptFromMonth = monthOf(nowMs) - months;
  const keptFrom = monthStart(keptFromMonth);
  await sql`
    insert into positions_retention (id, kept_from) values (true, ${keptFrom})
    on conflict (id) do update set kept_from = greatest(positions_retention.kept_from, excluded.kept_from)`.execute(db);
  const dropped: string[] = [];
  for (const t of PARTITIONED_TABLES) {
    for (const p of await monthPartitions(db, t)) {
      if (p.month >= keptFromMonth) continue;
      await sql.raw(`drop table if exists ${p.name}`).execute(db);
      dropped.push(p.name);
    }
  }
  return dropped;
}

/**
 * The daily partition job (and the start's): each position table gets its partitions from last
 * month to MONTHS_AHEAD ahead, each made in its own transaction, then retention runs.
 */
export async function maintainPartitions(db: Db, nowMs: number, retentionMonths = 0): Promise<void> {
  const now = monthOf(nowMs);
  for (const t of PARTITIONED_TABLES) {
    for (let month = now - 1; month <= now + MONTHS_AHEAD; month++) {
      if (await exists(db, partitionName(t, month))) continue;
      await db.transaction().execute((trx) => createMonthPartition(trx, t, month));
    }
  }
  await dropExpiredPartitions(db, nowMs, retentionMonths);
}
