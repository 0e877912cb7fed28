import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/storage/db/database.ts';
import { notificationFields, ZONE } from './bodies.ts';
import type { Objects, Ref } from './objects.ts';

/* The rows the world adds beside the demo fleet, and the reads that name them. */

/** A rule template of `uid` holding one speed rule. */
export async function ruleObjects(db: Db, uid: string) {
  const rtid = randomUUID();
  const ruid = randomUUID();
  const now = Date.now();
  await db
    .insertInto('rule_templates')
    .values({ rtid, uid, template_name: 'Aturan Matrix', created_at: now })
    .execute();
  await db
    .insertInto('rules')
    .values({
      ruid,
      rtid,
      rule_name: 'Had laju matrix',
      rule_type: 'warning',
      rule_complied_name: 'Rule "Had laju matrix" Complied',
      rule_violated_name: 'Rule "Had laju matrix" Violated',
      conditions: JSON.stringify([{ parameter: 'speed', operator: 'more', value: 90 }]),
      trigger_type: null,
      template_type: null,
      created_by: uid,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { rtid, ruid };
}

/** An API token of `uid` (a row; its secret is never needed): only `uid` may list or revoke it. */
export async function insertApiToken(db: Db, uid: string): Promise<string> {
  const tokenId = randomUUID();
  const now = Date.now();
  await db
    .insertInto('api_tokens')
    .values({
      token_id: tokenId,
      uid,
      name: 'foreign token',
      prefix: 'jjk_foreign',
      token_hash: `matrix-${tokenId}`,
      scope: 'full',
      created_at: now,
      expires_at: now + 86_400_000,
      last_used_at: null,
    })
    .execute();
  return tokenId;
}

/** A live share link (ADR 0093) of `uid` to `vid` (a row; its token is never needed). */
export async function insertShareLink(db: Db, uid: string, vid: string): Promise<string> {
  const slid = randomUUID();
  const now = Date.now();
  await db
    .insertInto('share_links')
    .values({
      token_hash: `matrix-${slid}`,
      slid,
      vid,
      created_by: uid,
      label: 'matrix link',
      created_at: now,
      expires_at: now + 86_400_000,
      revoked_at: null,
      last_opened_at: null,
    })
    .execute();
  return slid;
}

/** A finished call chain (an SOS on `vid`) of a call notification created by `uid`. */
export async function insertChain(
  db: Db,
  uid: string,
  vid: string,
  dvid: string,
): Promise<{ ecid: string; ecNfid: string }> {
  const now = Date.now();
  const [nfid, evid, ecid] = [randomUUID(), randomUUID(), randomUUID()];
  await db
    .insertInto('notifications')
    .values({
      nfid,
      created_by: uid,
      notification_name: 'Matrix calls',
      service_type: 3,
      rules: '{}',
      geofences: '{}',
      recipients: '[]',
      keypad_enabled: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('events')
    .values({
      evid,
      vid,
      dvid,
      event_name: 'help me',
      event_type: 'CRITICAL',
      lat: null,
      lon: null,
      address: null,
      speed: null,
      event_result: 1,
      ruid: null,
      rtid: null,
      geoid: null,
      alarm: 'sos',
      event_time: now,
      created_at: now,
      notified_at: now,
    })
    .execute();
  await db
    .insertInto('escalation_states')
    .values({
      ecid,
      nfid,
      evid,
      vid,
      status: 1,
      step: 0,
      round: 0,
      next_at: now,
      call_ref: null,
      created_at: now,
      updated_at: now,
      is_acknowledged: false,
      acknowledged_by: null,
      acknowledged_at: null,
      acknowledged_remark: null,
    })
    .execute();
  return { ecid, ecNfid: nfid };
}

/** A zone owned by `uid`, in the template `gtid` when given. */
export async function insertGeofence(db: Db, uid: string, gtid?: string): Promise<string> {
  const geoid = randomUUID();
  const now = Date.now();
  await db
    .insertInto('geofences')
    .values({
      geoid,
      uid,
      geo_type: 'Polygon',
      geofence_name: `Zon ${geoid.slice(0, 4)}`,
      geofence_comment: '',
      coordinates: JSON.stringify(ZONE.coordinates),
      geofence_radius: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (gtid) await db.insertInto('geofence_template_members').values({ gtid, geoid }).execute();
  return geoid;
}

export async function geofenceObjects(db: Db, uid: string) {
  const gtid = randomUUID();
  await db
    .insertInto('geofence_templates')
    .values({ gtid, uid, template_name: 'Zon Matrix', color_hex: 'FF00FF', created_at: Date.now() })
    .execute();
  return { gtid, templateOwner: uid, geoid: await insertGeofence(db, uid, gtid) };
}

/** The user's DEFAULT rule template and a notification it created watching SOS. */
export async function notificationObjects(db: Db, uid: string) {
  const now = Date.now();
  const existing = await db
    .selectFrom('rule_templates')
    .select('rtid')
    .where('uid', '=', uid)
    .where('template_name', '=', 'DEFAULT')
    .executeTakeFirst();
  const rtid = existing?.rtid ?? randomUUID();
  if (!existing)
    await db.insertInto('rule_templates').values({ rtid, uid, template_name: 'DEFAULT', created_at: now }).execute();
  const nfid = randomUUID();
  const o = { nfOwner: uid, nfRtid: rtid } as Objects;
  const n = notificationFields(o);
  await db
    .insertInto('notifications')
    .values({
      nfid,
      created_by: uid,
      notification_name: n.notificationName,
      service_type: n.serviceType,
      rules: JSON.stringify(n.rules),
      geofences: JSON.stringify(n.geofences),
      recipients: JSON.stringify(n.recipient),
      keypad_enabled: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { nfid, nfOwner: uid, nfRtid: rtid };
}

export async function ref(db: Db, uid: string): Promise<Ref> {
  const r = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  return {
    uid: r.uid,
    userHierarchy: r.user_hierarchy,
    userRole: r.user_role,
    userName: r.user_name,
    userEmail: r.user_email,
    userContact: r.user_contact,
    userAddress: r.user_address,
  };
}

export async function vehicleByPlate(db: Db, plate: string) {
  const v = await db
    .selectFrom('vehicles')
    .select(['vid', 'dvid'])
    .where('vehicle_plate', '=', plate)
    .executeTakeFirstOrThrow();
  const p = await db
    .selectFrom('vehicle_packages')
    .select('vehicle_package_id')
    .where('vid', '=', v.vid)
    .executeTakeFirstOrThrow();
  return { vid: v.vid, dvid: v.dvid, packageId: p.vehicle_package_id, plate };
}

/** Every identifier of a user's rows and fleet, to search responses for. */
export async function idsOf(db: Db, uids: string[]): Promise<string[]> {
  const users = await db.selectFrom('users').select(['uid', 'user_email']).where('uid', 'in', uids).execute();
  const vehicles = await db
    .selectFrom('vehicles')
    .select(['vid', 'dvid', 'vehicle_plate'])
    .where('uid', 'in', uids)
    .execute();
  return [...users.flatMap((u) => [u.uid, u.user_email]), ...vehicles.flatMap((v) => [v.vid, v.dvid, v.vehicle_plate])];
}

/** Two webhooks of this user: one the calls read and resume, one to delete. */
export async function webhookObjects(db: Db, uid: string) {
  const row = (whid: string) => ({
    whid,
    created_by: uid,
    url: 'https://hooks.example.com/jejak',
    kinds: JSON.stringify(['sos']),
    secret: 'whsec_matrix',
    failures: 0,
    paused_at: null,
    created_at: Date.now(),
  });
  const whid = randomUUID();
  const spareWhid = randomUUID();
  await db
    .insertInto('webhooks')
    .values([row(whid), row(spareWhid)])
    .execute();
  return { whid, spareWhid };
}
