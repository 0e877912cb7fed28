import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Runs the plain SQL migrations not yet applied, each in its own transaction, in name order. */
export async function migrate(db: Db): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at bigint not null)`.execute(
    db,
  );
  const applied = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction().execute(async (trx) => {
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: file, applied_at: Date.now() }).execute();
    });
    ran.push(file);
  }
  return ran;
}

/** Our migrations hold no functions or quoted semicolons, so ';' at line end separates statements. */
function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}

function monthStartUtc(year: number, month: number): number {
  return Date.UTC(year, month, 1);
}

/**
 * device_logs is partitioned by device time, one partition a month. Creates the partitions
 * from last month to two months ahead; rows outside fall into the default partition.
 */
export async function ensureDeviceLogPartitions(db: Db, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  for (let offset = -1; offset <= 2; offset++) {
    const from = monthStartUtc(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const to = monthStartUtc(now.getUTCFullYear(), now.getUTCMonth() + offset + 1);
    const d = new Date(from);
    const name = `device_logs_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    await sql
      .raw(`create table if not exists ${name} partition of device_logs for values from (${from}) to (${to})`)
      .execute(db);
  }
}
