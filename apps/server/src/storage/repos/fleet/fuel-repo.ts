import { isTransitStatus, setUpTanks, type FuelMessage, type FuelProfile, type TransitStatus } from '@jejak/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toFuelProfile } from '../mappers.ts';

/** A vehicle's tracker and tanks, for the fuel report. */
export interface FuelVehicle {
  vid: string;
  /** '-' when no tracker is fitted. */
  dvid: string;
  profile: FuelProfile;
  /** Its status now and since when: the open transit record, not stored until it closes. */
  current: { transitStatus: TransitStatus; transitFrom: number } | null;
}

/** Messages one vehicle's fuel fold reads at most (a month of 10-second reports is ~270k). */
export const FUEL_MESSAGE_LIMIT = 300_000;

/** The fuel report's reads: vehicles' tanks and the readings their trackers stored. */
export function createFuelRepo(db: Db) {
  return {
    /** The named vehicles that have a set-up tank, in the order named. */
    async vehiclesWithTanks(vids: readonly string[]): Promise<FuelVehicle[]> {
      const rows = await db
        .selectFrom('vehicles')
        .select(['vid', 'dvid', 'fuel_profile', 'transit_status', 'transit_from'])
        .where('vid', 'in', [...new Set(vids)])
        .execute();
      const byVid = new Map(rows.map((r) => [r.vid, r]));
      return [...new Set(vids)].flatMap((vid) => {
        const r = byVid.get(vid);
        if (!r) return [];
        const profile = toFuelProfile(r.vid, r.fuel_profile);
        const current =
          r.transit_status !== null && isTransitStatus(r.transit_status) && r.transit_from !== null
            ? { transitStatus: r.transit_status, transitFrom: r.transit_from }
            : null;
        return setUpTanks(profile).length > 0 ? [{ vid: r.vid, dvid: r.dvid, profile, current }] : [];
      });
    },

    /**
     * A tracker's fixes in [fromMs, toMs), live and from memory, one per instant, oldest first —
     * the messages the pipeline stepped the level tracker with (their attributes carry the
     * readings and ignition). `truncated` says the limit cut the span short.
     */
    async messages(
      dvid: string,
      fromMs: number,
      toMs: number,
    ): Promise<{ messages: FuelMessage[]; truncated: boolean }> {
      const { rows } = await sql<{
        device_time: number;
        lat: number | null;
        lon: number | null;
        speed: number | null;
        engine_status: boolean | null;
        attributes: Record<string, unknown> | null;
      }>`
        select distinct on (device_time) device_time, lat, lon, speed, engine_status, attributes
        from device_logs
        where dvid = ${dvid} and device_time >= ${fromMs} and device_time < ${toMs}
          and package in ('gps#latest', 'gps#memory')
        order by device_time, package
        limit ${FUEL_MESSAGE_LIMIT + 1}`.execute(db);
      const messages = rows.slice(0, FUEL_MESSAGE_LIMIT).map((r): FuelMessage => {
        const attributes = { ...(r.attributes ?? {}) };
        if (typeof attributes.ignition !== 'boolean' && r.engine_status !== null) attributes.ignition = r.engine_status;
        return {
          timeMs: Number(r.device_time),
          attributes,
          location: r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
          speedKmh: r.speed,
        };
      });
      return { messages, truncated: rows.length > FUEL_MESSAGE_LIMIT };
    },
  };
}
export type FuelRepo = ReturnType<typeof createFuelRepo>;
