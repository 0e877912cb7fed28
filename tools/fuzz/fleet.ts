import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ProtocolDefinition } from '@jejak/protocols';
import type { RunningJejak } from '../../apps/server/src/app.ts';
import { DEMO_DOMAIN } from '../../apps/server/src/demo/demo-fleet.ts';

/**
 * Registers, under a demo fleet owner, every device id the captured packets of a protocol carry
 * (so mutated frames from "known" devices get past identification into the pipeline, with a
 * vehicle so transit records are made too) and the protocol's probe device. Idempotent.
 * Returns the probe device's dvid.
 */
export async function registerFuzzDevices(
  app: RunningJejak,
  protocol: ProtocolDefinition,
  ids: readonly string[],
  probeId: string,
): Promise<string> {
  const db = app.database.db;
  const owner = await sql<{ uid: string }>`select uid from users where user_email = ${`owner2@${DEMO_DOMAIN}`}`.execute(
    db,
  );
  const uid = owner.rows[0]?.uid;
  if (!uid) throw new Error('the fuzz server needs the demo fleet (JEJAK_DEMO=true)');
  const model = protocol.models[0];
  if (!model) throw new Error(`protocol ${protocol.id} names no device model`);
  const now = Date.now();
  for (const id of new Set([...ids, probeId])) {
    const dvid = `${model}#${id}`;
    const inserted = await db
      .insertInto('devices')
      .values({ dvid, model, imei: id, uid, sim_card: '', created_at: now, is_alive: false })
      .onConflict((oc) => oc.column('dvid').doNothing())
      .returning('dvid')
      .execute();
    if (inserted.length === 0 || id === probeId) continue;
    await db
      .insertInto('vehicles')
      .values({
        vid: randomUUID(),
        dvid,
        uid,
        vehicle_plate: `FZ ${id.slice(-4)}`,
        vehicle_display_name: `Fuzz ${protocol.id} ${id.slice(-6)}`,
        vehicle_type: 'Truck',
        vehicle_model: '',
        transit_status: null,
        transit_from: null,
        updated_at: null,
        stopped_since: null,
        created_at: now,
      })
      .execute();
  }
  return `${model}#${probeId}`;
}
