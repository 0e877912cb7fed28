import { randomUUID } from 'node:crypto';
import type { Db } from '../../apps/server/src/storage/db/database.ts';
import { DEFAULT_PREFERENCE } from '../../apps/server/src/storage/repos/mappers.ts';
import { hashPassword } from '../../apps/server/src/services/accounts/passwords.ts';

const IMEI_BASE = 868_000_000_000_000;

/** One fleet owner with N devices of `model` (GPS100 by default) and vehicles; returns the IMEIs. */
export async function seedBenchFleet(db: Db, count: number, model = 'GPS100'): Promise<string[]> {
  const uid = randomUUID();
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      uid,
      user_name: 'Bench Owner',
      user_email: 'bench-owner@bench.jejak.my',
      user_role: 'fleetOwner',
      user_contact: '+60300000000',
      user_address: 'Bench',
      user_hierarchy: uid,
      parent_id: null,
      password_hash: await hashPassword('bench-password'),
      disabled: false,
      preference: JSON.stringify(DEFAULT_PREFERENCE),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const imeis = Array.from({ length: count }, (_, i) => String(IMEI_BASE + i));
  for (let i = 0; i < imeis.length; i += 500) {
    const chunk = imeis.slice(i, i + 500);
    await db
      .insertInto('devices')
      .values(
        chunk.map((imei) => ({
          dvid: `${model}#${imei}`,
          model,
          imei,
          uid,
          sim_card: '',
          created_at: now,
          is_alive: false,
        })),
      )
      .execute();
    await db
      .insertInto('vehicles')
      .values(
        chunk.map((imei) => ({
          vid: randomUUID(),
          dvid: `${model}#${imei}`,
          uid,
          vehicle_plate: `B ${imei.slice(-4)}`,
          vehicle_display_name: `Bench ${imei.slice(-4)}`,
          vehicle_type: 'Truck',
          vehicle_model: '',
          transit_status: null,
          transit_from: null,
          updated_at: null,
          stopped_since: null,
          created_at: now,
        })),
      )
      .execute();
  }
  return imeis;
}
