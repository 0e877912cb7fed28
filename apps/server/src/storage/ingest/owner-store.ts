import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The owners of devices among gateway nodes (ADR 0061, migrations/026_device_owners.sql): a claim
 * moves the device's epoch on, and the commits of its rows carry the epoch their node holds
 * (ingest-store.ts `checkOwners` refuses them once another node claimed since).
 */
export function createOwnerStore(db: Db) {
  return {
    /** Makes `node` the device's owner; resolves to the epoch of this claim. */
    async claim(dvid: string, node: string): Promise<number> {
      const { rows } = await sql<{ epoch: string }>`
        insert into device_owners (dvid, node, epoch) values (${dvid}, ${node}, 1)
        on conflict (dvid) do update set node = excluded.node, epoch = device_owners.epoch + 1
        returning epoch`.execute(db);
      return Number(rows[0]?.epoch);
    },
  };
}
export type OwnerStore = ReturnType<typeof createOwnerStore>;
