import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  NOTIFICATION_PATHS,
  type LiveNotifyMessage,
  type Notification,
  type NotificationLogEntry,
} from '@jejak/contract';
import type { RunningJejak } from '../src/app.ts';
import type { apiClient } from './harness.ts';

export type EventItem = LiveNotifyMessage['item'];

/** The user's DEFAULT rule template (created when the user has none yet). */
export async function defaultRtid(app: Pick<RunningJejak, 'database'>, uid: string): Promise<string> {
  const db = app.database.db;
  const found = await db
    .selectFrom('rule_templates')
    .select('rtid')
    .where('uid', '=', uid)
    .where('template_name', '=', 'DEFAULT')
    .executeTakeFirst();
  if (found) return found.rtid;
  const rtid = randomUUID();
  await db
    .insertInto('rule_templates')
    .values({ rtid, uid, template_name: 'DEFAULT', created_at: Date.now() })
    .execute();
  return rtid;
}

/** A vehicle owned by the user: its vid, dvid and names. */
export async function vehicleOf(app: Pick<RunningJejak, 'database'>, uid: string) {
  return app.database.db
    .selectFrom('vehicles')
    .select(['vid', 'dvid', 'vehicle_display_name', 'vehicle_plate'])
    .where('uid', '=', uid)
    .orderBy('vehicle_plate')
    .executeTakeFirstOrThrow();
}

/** Stores an event as the pipeline does and returns it as 'event.stored' carries it. */
export async function storeEvent(
  app: Pick<RunningJejak, 'database'>,
  vehicle: Awaited<ReturnType<typeof vehicleOf>>,
  fields: Partial<EventItem> & Pick<EventItem, 'rtid' | 'ruid'>,
  createdAt: number,
): Promise<EventItem> {
  const item: EventItem = {
    evid: randomUUID(),
    vid: vehicle.vid,
    dvid: vehicle.dvid,
    eventName: 'SOS',
    eventType: 'CRITICAL',
    location: { lat: 3.139, lon: 101.6869 },
    createdAt,
    eventCreatedAt: Date.UTC(2026, 10, 26, 4, 30, 15),
    address: 'near Kuala Lumpur, Kuala Lumpur',
    speed: null,
    eventResult: 1,
    geoid: null,
    alarm: 'sos',
    vehicleDisplayName: vehicle.vehicle_display_name,
    vehiclePlate: vehicle.vehicle_plate,
    ...fields,
  };
  await app.database.db
    .insertInto('events')
    .values({
      evid: item.evid,
      vid: item.vid,
      dvid: item.dvid,
      event_name: item.eventName,
      event_type: item.eventType,
      lat: item.location?.lat ?? null,
      lon: item.location?.lon ?? null,
      address: item.address,
      speed: item.speed,
      event_result: item.eventResult,
      ruid: item.ruid,
      rtid: item.rtid,
      geoid: item.geoid,
      alarm: item.alarm,
      event_time: item.eventCreatedAt,
      created_at: item.createdAt,
      notified_at: null,
    })
    .execute();
  return item;
}

/** Polls `read` until `done` holds for its value (the condition, never a fixed wait). */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A notification form's body. */
export function notificationBody(
  createdBy: string,
  rtid: string,
  over: Record<string, unknown> = {},
): { notification: Record<string, unknown> } {
  return {
    notification: {
      createdBy,
      notificationName: 'Amaran SOS',
      serviceType: 0,
      rules: { [rtid]: { 'builtin.sos': { c: 0, v: 1 } } },
      geofences: {},
      recipient: [{ name: 'Aisyah', email: 'aisyah@example.my', isKeypadAuthorized: false }],
      isKeypadEnabled: false,
      ...over,
    },
  };
}

/**
 * Marks outside e-mail addresses confirmed for the account of `uid` (as if their links were
 * opened), for tests about delivery rather than confirmation (ADR 0083).
 */
export async function confirmAddresses(
  app: Pick<RunningJejak, 'database'>,
  uid: string,
  addresses: readonly string[],
): Promise<void> {
  if (addresses.length === 0) return;
  await app.database.db
    .insertInto('recipient_confirmations')
    .values(
      addresses.map((address) => ({
        account_uid: uid,
        address: address.toLowerCase(),
        token_hash: null,
        expires_at: null,
        sent_at: null,
        confirmed_at: 1,
        created_at: 1,
      })),
    )
    .onConflict((oc) => oc.columns(['account_uid', 'address']).doUpdateSet({ confirmed_at: 1, token_hash: null }))
    .execute();
}

/** What a notification test acts as: one owner with its DEFAULT template and first vehicle, at a clock. */
export interface OwnerWorld {
  app: RunningJejak;
  owner: ReturnType<typeof apiClient>;
  ownerUid: string;
  rtid: string;
  vehicle: Awaited<ReturnType<typeof vehicleOf>>;
  now: () => number;
}

/**
 * The steps notification tests take as the owner (read when called, so `world` may be filled in
 * beforeAll): add a notification watching one rule, raise an event as the pipeline does, read
 * the log and wait for it to hold `n` entries.
 */
export function ownerSteps(world: () => OwnerWorld) {
  async function watching(ruid: string, over: Record<string, unknown> = {}): Promise<Notification> {
    const { owner, ownerUid, rtid } = world();
    const r = await owner.post(
      NOTIFICATION_PATHS.notificationAdd,
      notificationBody(ownerUid, rtid, { rules: { [rtid]: { [ruid]: { c: 0, v: 1 } } }, ...over }),
    );
    expect(r.status).toBe(200);
    return r.body.notification as Notification;
  }
  async function raise(ruid: string, fields: Partial<EventItem> = {}): Promise<EventItem> {
    const { app, vehicle, rtid, now } = world();
    const item = await storeEvent(app, vehicle, { rtid, ruid, ...fields }, now());
    app.bus.publish('event.stored', { dvid: item.dvid, items: [item] });
    await app.bus.enqueue('event.notify', { dvid: item.dvid, items: [item] });
    return item;
  }
  async function log(nfid: string): Promise<NotificationLogEntry[]> {
    const { owner, now } = world();
    const r = await owner.post(NOTIFICATION_PATHS.notificationLogGet, { nfid, startTime: 0, endTime: now() + 1 });
    expect(r.status).toBe(200);
    return (r.body.notificationLog as { Items: NotificationLogEntry[] }).Items;
  }
  const logOf = (nfid: string, n: number) =>
    waitFor(
      () => log(nfid),
      (items) => items.length >= n,
    );
  return { watching, raise, log, logOf };
}

/**
 * Writes one delivery by hand, as a fan-out would, for an event marked notified (so no notifier
 * fans it out again): a round the worker has not sent yet, due at `nextAt`.
 */
export async function queueDelivery(
  app: Pick<RunningJejak, 'database'>,
  d: { n: Pick<Notification, 'nfid' | 'serviceType' | 'recipient'>; evid: string; nowMs: number; nextAt: number },
): Promise<void> {
  const db = app.database.db;
  await db.updateTable('events').set({ notified_at: d.nowMs }).where('evid', '=', d.evid).execute();
  await db
    .insertInto('notification_deliveries')
    .values({
      genid: randomUUID(),
      nfid: d.n.nfid,
      evid: d.evid,
      service_type: d.n.serviceType,
      recipient: JSON.stringify(d.n.recipient[0]),
      recipient_no: 0,
      attempt: 0,
      status: 'PENDING',
      next_at: d.nextAt,
      claimed_until: null,
      created_at: d.nowMs,
    })
    .execute();
}
