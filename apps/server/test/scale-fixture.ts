import { sql } from 'kysely';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { openPGlite, openPostgres, type DatabaseHandle } from '../src/storage/db/database.ts';
import type { Db } from '../src/storage/db/database.ts';
import type { DbKind } from './harness.ts';
import { PG_ADMIN_URL } from './harness.ts';

/** A bare database of the kind (no server, no migration), and how to throw it away. */
export async function openScratch(
  kind: DbKind,
): Promise<{ db: Db; handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openPGlite(null, { sharedBuffersMb: 8 });
    return { db: handle.db, handle, drop: async () => handle.close() };
  }
  const scratch = await createScratchPostgres(PG_ADMIN_URL, 'jejak_scale');
  const handle = await openPostgres(scratch.url, 4, () => undefined);
  return {
    db: handle.db,
    handle,
    drop: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** One owner and these vehicles, the least the records' foreign keys need. */
export async function insertVehicles(db: Db, vids: readonly string[]): Promise<void> {
  await sql`
    insert into users (uid, user_name, user_email, user_role, user_hierarchy, password_hash, preference, created_at, updated_at)
    values ('u1', 'Owner', 'owner@scale.test', 'ADMIN', 'u1', '-', '{}', 0, 0)`.execute(db);
  for (const vid of vids)
    await sql`
      insert into vehicles (vid, uid, vehicle_plate, vehicle_display_name, created_at)
      values (${vid}, 'u1', ${vid}, ${vid}, 0)`.execute(db);
}

/** Which partition of its table holds each row, by the rows' key. */
export async function partitionsOf(db: Db, table: string, key: string): Promise<Map<number, string>> {
  const { rows } = await sql<{ k: number; p: string }>`
    select ${sql.ref(key)} as k, tableoid::regclass::text as p from ${sql.table(table)}`.execute(db);
  return new Map(rows.map((r) => [Number(r.k), r.p]));
}
