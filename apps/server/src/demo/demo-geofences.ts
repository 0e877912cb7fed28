import { randomUUID } from 'node:crypto';
import { geofenceColumns, type GeofenceInput } from '../storage/repos/fleet/geofence-repo.ts';
import type { Db } from '../storage/db/database.ts';

/**
 * The demo owner's geofences, where the simulated fleet drives (@jejak/simulator KLANG_VALLEY,
 * centred on 3.075, 101.625): a depot and a hub as POIs, Petaling Jaya as a zone.
 */
export const DEMO_GEOFENCES: readonly GeofenceInput[] = [
  {
    geoType: 'POI',
    geofenceName: 'Depot Shah Alam',
    geofenceComment: 'Main depot, Seksyen 15',
    coordinates: [{ lat: 3.0733, lng: 101.5185 }],
    geofenceRadius: 300,
  },
  {
    geoType: 'POI',
    geofenceName: 'Hab Puchong',
    geofenceComment: 'Cross-dock hub',
    coordinates: [{ lat: 3.0333, lng: 101.6167 }],
    geofenceRadius: 500,
  },
  {
    geoType: 'Polygon',
    geofenceName: 'Zon Petaling Jaya',
    geofenceComment: 'Delivery zone',
    coordinates: [
      { lat: 3.08, lng: 101.58 },
      { lat: 3.08, lng: 101.66 },
      { lat: 3.13, lng: 101.66 },
      { lat: 3.13, lng: 101.62 },
      { lat: 3.11, lng: 101.6 },
      { lat: 3.13, lng: 101.58 },
    ],
    geofenceRadius: null,
  },
];

/**
 * Links each holder's vehicles to its UNGROUP template (what every vehicle gets), and puts the
 * demo geofences in the demo owner's.
 */
export async function seedDemoGeofences(
  trx: Db,
  ungroupOf: ReadonlyMap<string, string>,
  vehicles: readonly { vid: string; uid: string }[],
  ownerUid: string,
  nowMs: number,
): Promise<void> {
  const links = vehicles.flatMap((v) => {
    const gtid = ungroupOf.get(v.uid);
    return gtid ? [{ vid: v.vid, gtid }] : [];
  });
  if (links.length > 0) await trx.insertInto('vehicle_geofence_templates').values(links).execute();
  const gtid = ungroupOf.get(ownerUid);
  for (const g of DEMO_GEOFENCES) {
    const geoid = randomUUID();
    await trx
      .insertInto('geofences')
      .values({ geoid, uid: ownerUid, ...geofenceColumns(g), created_at: nowMs, updated_at: nowMs })
      .execute();
    if (gtid) await trx.insertInto('geofence_template_members').values({ gtid, geoid }).execute();
  }
}
