import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Device, Vehicle } from '@jejak/domain';
import { isAnyOf, type Db } from '../db/database.ts';
import { toDevice, toVehicle } from '../repos/mappers.ts';
import type { VehiclesTable } from '../db/schema.ts';

/**
 * The store-wide disconnect sweep: marks DISCONNECTED the vehicles whose devices have been silent
 * since before `cutoffMs`, leaving out the devices `held` names (a predicate on `d.dvid`: those a
 * pipeline holds in memory sweeps itself). Returns what changed, for the live channel.
 */
export function disconnectSilentDevices(
  db: Db,
  cutoffMs: number,
  held: RawBuilder<boolean>,
): Promise<{ vehicle: Vehicle; device: Device }[]> {
  return db.transaction().execute(async (trx) => {
    const vehicles = await sql<Selectable<VehiclesTable>>`
      update vehicles v set transit_status = 'DISCONNECTED',
        transit_from = coalesce(d.last_seen_at, v.updated_at, v.created_at)
      from devices d
      where d.dvid = v.dvid and v.transit_status is not null and v.transit_status <> 'DISCONNECTED'
        and coalesce(d.last_seen_at, 0) < ${cutoffMs} and not ${held}
      returning v.*`.execute(trx);
    if (vehicles.rows.length === 0) return [];
    const devices = await trx
      .updateTable('devices')
      .set({ is_alive: false })
      // One array parameter, however many devices a long outage left silent (an `in` list has
      // one parameter each, and PostgreSQL takes at most 65,535).
      .where(
        isAnyOf(
          'dvid',
          vehicles.rows.map((v) => v.dvid),
        ),
      )
      .returningAll()
      .execute();
    const byDvid = new Map(devices.map((d) => [d.dvid, toDevice(d)]));
    return vehicles.rows.flatMap((v) => {
      const device = byDvid.get(v.dvid);
      return device ? [{ vehicle: toVehicle(v), device }] : [];
    });
  });
}
