import { randomUUID } from 'node:crypto';
import type { LiveNotifyMessage } from '@jejak/contract';
import type { Page } from 'playwright-core';
import { demoImei } from '../apps/server/src/demo/demo-fleet.ts';
import type { TestServer } from '../apps/server/test/harness.ts';

/** A user's uid and vehicles (oldest plate first), read from the demo fleet in the database. */
export async function userFleet(server: TestServer, email: string) {
  const { db } = server.app.database;
  const user = await db
    .selectFrom('users')
    .select(['uid', 'user_name'])
    .where('user_email', '=', email)
    .executeTakeFirstOrThrow();
  const vehicles = await db
    .selectFrom('vehicles')
    .select(['vid', 'dvid', 'vehicle_plate', 'vehicle_display_name'])
    .where('uid', '=', user.uid)
    .orderBy('vehicle_plate')
    .execute();
  return { uid: user.uid, name: user.user_name, vehicles };
}

/** The demo owner, the IMEI of the first demo tracker (GT06) and the owner's vehicle it drives. */
export async function firstDemoTracker(server: TestServer) {
  const owner = await userFleet(server, 'owner@demo.jejak.my');
  const imei = demoImei(0);
  const vehicle = owner.vehicles.find((v) => v.dvid === `GPS100#${imei}`);
  if (!vehicle) throw new Error('the demo owner drives the first demo tracker');
  return { owner, imei, vehicle };
}

/**
 * Sends a live 'notify' message to these users' open consoles through the server's own bus and
 * live channel, as the notifier does for a PUSH notification.
 */
export function pushNotify(
  server: TestServer,
  uids: string[],
  vehicle: { vid: string; dvid: string; vehicle_plate: string; vehicle_display_name: string },
  event: Partial<LiveNotifyMessage['item']> & Pick<LiveNotifyMessage['item'], 'eventName' | 'eventType'>,
): string {
  const evid = event.evid ?? randomUUID();
  const now = Date.now();
  server.app.bus.publish('notify.push', {
    uids,
    dvid: vehicle.dvid,
    item: {
      evid,
      vid: vehicle.vid,
      dvid: vehicle.dvid,
      location: { lat: 3.0319, lon: 101.6171 },
      createdAt: now,
      eventCreatedAt: now,
      address: 'near Puchong, Selangor',
      speed: 0,
      eventResult: 1,
      ruid: null,
      rtid: null,
      geoid: null,
      alarm: null,
      vehicleDisplayName: vehicle.vehicle_display_name,
      vehiclePlate: vehicle.vehicle_plate,
      ...event,
    },
  });
  return evid;
}

/** The map's zoom and centre, once it has stopped moving. */
export async function settledView(page: Page): Promise<{ zoom: number; lat: number; lon: number }> {
  await page.waitForFunction(() => window.__jejak !== undefined && !window.__jejak.map.isMoving());
  return page.evaluate(() => {
    const map = window.__jejak!.map;
    const c = map.getCenter();
    return { zoom: map.getZoom(), lat: c.lat, lon: c.lng };
  });
}
