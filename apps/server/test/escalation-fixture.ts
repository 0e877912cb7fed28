import { randomUUID } from 'node:crypto';
import type { Recipient } from '@jejak/contract';
import type { Db } from '../src/storage/db/database.ts';

/** Polls `read` until `ok` holds of its value (at most `ms`); returns the last value. */
export async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const caller = (name: string, contact: string, isKeypadAuthorized = true): Recipient => ({
  name,
  contact,
  isKeypadAuthorized,
});

/**
 * A CALL notification of owner2, an SOS event on owner2's first vehicle and its chain, as the
 * notifier's fan-out creates them (status PENDING, step -1, due now).
 */
export async function seedChain(
  db: Db,
  opts: { recipients: Recipient[]; keypadEnabled?: boolean; nowMs?: number },
): Promise<{ ecid: string; nfid: string; evid: string; vid: string; ownerUid: string }> {
  const nowMs = opts.nowMs ?? Date.now();
  const owner = await db
    .selectFrom('users')
    .select('uid')
    .where('user_email', '=', 'owner2@demo.jejak.my')
    .executeTakeFirstOrThrow();
  const vehicle = await db
    .selectFrom('vehicles')
    .select(['vid', 'dvid'])
    .where('uid', '=', owner.uid)
    .orderBy('vid')
    .executeTakeFirstOrThrow();
  const nfid = randomUUID();
  const evid = randomUUID();
  const ecid = randomUUID();
  await db
    .insertInto('notifications')
    .values({
      nfid,
      created_by: owner.uid,
      notification_name: 'SOS calls',
      service_type: 3,
      // It watches SOS (a built-in rule, ticked in any template): a chain its notification no
      // longer covers stops (ADR 0083).
      rules: JSON.stringify({ default: { 'builtin.sos': { c: 0, v: 1 } } }),
      geofences: JSON.stringify({}),
      recipients: JSON.stringify(opts.recipients),
      keypad_enabled: opts.keypadEnabled ?? true,
      created_at: nowMs,
      updated_at: nowMs,
    })
    .execute();
  await db
    .insertInto('events')
    .values({
      evid,
      vid: vehicle.vid,
      dvid: vehicle.dvid,
      event_name: 'help me',
      event_type: 'CRITICAL',
      lat: 3.139,
      lon: 101.6869,
      address: null,
      speed: 0,
      event_result: 1,
      ruid: 'builtin.sos',
      rtid: null,
      geoid: null,
      alarm: 'sos',
      event_time: nowMs,
      created_at: nowMs,
      notified_at: nowMs,
    })
    .execute();
  await db
    .insertInto('escalation_states')
    .values({
      ecid,
      nfid,
      evid,
      vid: vehicle.vid,
      status: 0,
      step: -1,
      round: 0,
      next_at: nowMs,
      call_ref: null,
      is_acknowledged: false,
      acknowledged_by: null,
      acknowledged_at: null,
      acknowledged_remark: null,
      created_at: nowMs,
      updated_at: nowMs,
    })
    .execute();
  return { ecid, nfid, evid, vid: vehicle.vid, ownerUid: owner.uid };
}

export async function chainOf(db: Db, ecid: string) {
  const state = await db.selectFrom('escalation_states').selectAll().where('ecid', '=', ecid).executeTakeFirstOrThrow();
  const records = await db
    .selectFrom('escalation_call_records')
    .selectAll()
    .where('ecid', '=', ecid)
    .orderBy('round')
    .orderBy('step')
    .execute();
  const logs = await db
    .selectFrom('notification_logs')
    .selectAll()
    .where('genid', '=', ecid)
    .orderBy('attempt')
    .execute();
  return { state, records, logs };
}
