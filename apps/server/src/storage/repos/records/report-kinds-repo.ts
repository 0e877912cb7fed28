import { sql } from 'kysely';
import type { DeviceLog } from '@jejak/contract';
import {
  addressOf,
  GEOFENCE_TYPES,
  type GeofenceType,
  type LatLon,
  type RuleEventOfVehicle,
  type SpeedFix,
} from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import { visibleGeoidsQuery } from '../fleet/geofence-repo.ts';
import { toDeviceLog } from './records-repo.ts';
import { overlappingTransits, type ReportWindow } from './report-repo.ts';
import { RECORD_LOOKBACK_MS } from '../../ingest/transit-slices.ts';
import { hasGlobalScope, type Viewer } from '../scope.ts';

/** A vehicle's ongoing silence (its transit status now) and where it was last heard. */
export interface OpenDisconnection {
  vid: string;
  since: number;
  location: LatLon | null;
  address: string | null;
}

/** One stay in a geofence, with the geofence's name and type. */
export interface GeofenceStay {
  vid: string;
  geoid: string;
  geofenceName: string;
  geoType: GeofenceType;
  enterTime: number;
  exitTime: number | null;
  enterLocation: LatLon;
  exitLocation: LatLon | null;
}

/**
 * The reads of Vehicle Reports' further kinds (issue 13 item 3): disconnections, geofence stays,
 * speeding rules' events and the fixes between them, and device logs (whole, or page by page for
 * the streamed export). Set-based over every vehicle named, as the other reports.
 */
export function createReportKindsRepo(db: Db) {
  return {
    /** The vehicles' DISCONNECTED records overlapping the window, by vehicle then time, at most `limit` (+1 to tell). */
    async disconnections(w: ReportWindow, limit: number) {
      return overlappingTransits(db, w)
        .select(['vid', 'start_time', 'end_time', 'start_lat', 'start_lon', 'start_address'])
        .where('transit_status', '=', 'DISCONNECTED')
        .orderBy('vid')
        .orderBy('start_time')
        .limit(limit + 1)
        .execute();
    },

    /** The vehicles DISCONNECTED now, since when, and their last fix. */
    async openDisconnections(vids: readonly string[]): Promise<OpenDisconnection[]> {
      const { rows } = await sql<{
        vid: string;
        since: number | string;
        lat: number | null;
        lon: number | null;
        address: string | null;
      }>`
        select v.vid, v.transit_from as since, l.lat, l.lon, l.address from vehicles v
        left join lateral (
          select lat, lon, address from vehicle_logs where vid = v.vid order by vehicle_time desc limit 1
        ) l on true
        where ${isAnyOf('v.vid', [...new Set(vids)])} and v.transit_status = 'DISCONNECTED'
          and v.transit_from is not null
        order by v.vid`.execute(db);
      return rows.map((r) => {
        const location = r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon };
        return {
          vid: r.vid,
          since: Number(r.since),
          location,
          address: r.address ?? (location && addressOf(location)),
        };
      });
    },

    /** Every geofence the viewer reaches (the console's geofence report passes them all). */
    async visibleGeoids(viewer: Viewer): Promise<string[]> {
      const q = hasGlobalScope(viewer)
        ? db.selectFrom('geofences').select('geoid')
        : db.selectFrom('geofences').select('geoid').where('geoid', 'in', visibleGeoidsQuery(db, viewer));
      return (await q.execute()).map((r) => r.geoid);
    },

    /** The trackers fitted to these vehicles (none for '-'). */
    async dvidsOf(vids: readonly string[]): Promise<string[]> {
      if (vids.length === 0) return [];
      const rows = await db
        .selectFrom('vehicles')
        .select('dvid')
        .where(isAnyOf('vid', [...new Set(vids)]))
        .execute();
      return rows.map((r) => r.dvid).filter((d) => d !== '-');
    },

    /** Which of these geofences the viewer reaches: owned in its subtree, or in a template it reaches. */
    async reachableGeoids(viewer: Viewer, geoids: readonly string[]): Promise<Set<string>> {
      const unique = [...new Set(geoids)];
      if (unique.length === 0) return new Set();
      let q = db.selectFrom('geofences').select('geoid').where(isAnyOf('geoid', unique));
      if (!hasGlobalScope(viewer)) q = q.where('geoid', 'in', visibleGeoidsQuery(db, viewer));
      return new Set((await q.execute()).map((r) => r.geoid));
    },

    /** The vehicles' stays in these geofences overlapping the window (an open one always), by vehicle then entry. */
    async geofenceStays(w: ReportWindow, geoids: readonly string[], limit: number): Promise<GeofenceStay[]> {
      if (geoids.length === 0) return [];
      const rows = await db
        .selectFrom('geofence_records as r')
        .innerJoin('geofences as g', 'g.geoid', 'r.geoid')
        .select([
          'r.vid',
          'r.geoid',
          'g.geofence_name',
          'g.geo_type',
          'r.enter_time',
          'r.exit_time',
          'r.enter_lat',
          'r.enter_lon',
          'r.exit_lat',
          'r.exit_lon',
        ])
        .where('r.vid', 'in', [...new Set(w.vids)])
        .where(isAnyOf('r.geoid', [...new Set(geoids)]))
        .where('r.enter_time', '<', w.endTime)
        .where((eb) =>
          eb.or([
            eb('r.exit_time', 'is', null),
            eb.and([eb('r.exit_time', '>', w.startTime), eb('r.enter_time', '>=', w.startTime - RECORD_LOOKBACK_MS)]),
          ]),
        )
        .orderBy('r.vid')
        .orderBy('r.enter_time')
        .orderBy('r.geoid')
        .limit(limit + 1)
        .execute();
      return rows.flatMap((r) => {
        const geoType = GEOFENCE_TYPES.find((t) => t === r.geo_type);
        if (!geoType) return [];
        const exit = r.exit_lat === null || r.exit_lon === null ? null : { lat: r.exit_lat, lon: r.exit_lon };
        return [
          {
            vid: r.vid,
            geoid: r.geoid,
            geofenceName: r.geofence_name,
            geoType,
            enterTime: r.enter_time,
            exitTime: r.exit_time,
            enterLocation: { lat: r.enter_lat, lon: r.enter_lon },
            exitLocation: r.exit_time === null ? null : exit,
          },
        ];
      });
    },

    /**
     * The events of rules with a speed condition on these vehicles in [startTime, endTime), with
     * the rule's name and conditions, oldest first; at most `limit` (+1 to tell).
     */
    async speedRuleEvents(w: ReportWindow, limit: number): Promise<RuleEventOfVehicle[]> {
      const rows = await db
        .selectFrom('events as e')
        .innerJoin('rules as r', 'r.ruid', 'e.ruid')
        .select(['e.vid', 'e.ruid', 'r.rule_name', 'r.conditions', 'e.event_time', 'e.event_result', 'e.lat', 'e.lon'])
        .where(isAnyOf('e.vid', [...new Set(w.vids)]))
        .where('e.event_time', '>=', w.startTime)
        .where('e.event_time', '<', w.endTime)
        .where(sql<boolean>`r.conditions @> ${JSON.stringify([{ parameter: 'speed' }])}::jsonb`)
        .orderBy('e.vid')
        .orderBy('e.event_time')
        .orderBy('e.created_at')
        .limit(limit + 1)
        .execute();
      return rows.map((r) => ({
        vid: r.vid,
        ruid: r.ruid ?? '',
        ruleName: r.rule_name,
        conditions: r.conditions as RuleEventOfVehicle['conditions'],
        timeMs: r.event_time,
        eventResult: r.event_result === 1 ? 1 : 0,
        location: r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
      }));
    },

    /** A vehicle's fixes inside any of these spans (ends included), oldest first. */
    async speedFixes(vid: string, spans: readonly { from: number; to: number }[]): Promise<SpeedFix[]> {
      if (spans.length === 0) return [];
      const rows = await db
        .selectFrom('vehicle_logs')
        .select(['vehicle_time', 'lat', 'lon', 'speed'])
        .where('vid', '=', vid)
        .where((eb) => eb.or(spans.map((s) => eb.between('vehicle_time', s.from, s.to))))
        .orderBy('vehicle_time')
        .execute();
      return rows.map((r) => ({ timeMs: r.vehicle_time, lat: r.lat, lon: r.lon, speed: r.speed }));
    },

    /** The devices' logs in [startTime, endTime), oldest first, at most `limit` (+1 to tell). */
    async deviceLogs(
      dvids: readonly string[],
      startTime: number,
      endTime: number,
      limit: number,
    ): Promise<DeviceLog[]> {
      const rows = await db
        .selectFrom('device_logs')
        .selectAll()
        .where(isAnyOf('dvid', [...new Set(dvids)]))
        .where('device_time', '>=', startTime)
        .where('device_time', '<', endTime)
        .orderBy('device_time')
        .orderBy('dvid')
        .orderBy('package')
        .limit(limit + 1)
        .execute();
      return rows.map(toDeviceLog);
    },

    /** The tracker fitted to the vehicle. */
    async dvidOf(vid: string): Promise<string | null> {
      const row = await db.selectFrom('vehicles').select('dvid').where('vid', '=', vid).executeTakeFirst();
      return row?.dvid ?? null;
    },

    /** How many logs the device has in [startTime, endTime). */
    async countDeviceLogs(dvid: string, startTime: number, endTime: number): Promise<number> {
      const row = await db
        .selectFrom('device_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('dvid', '=', dvid)
        .where('device_time', '>=', startTime)
        .where('device_time', '<', endTime)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * The device's logs in [startTime, endTime), oldest first, a page of `size` at a time by
     * (device_time, package) keyset: each page is read only when the one before was used.
     */
    async *deviceLogPages(dvid: string, startTime: number, endTime: number, size: number): AsyncGenerator<DeviceLog[]> {
      let after: { time: number; pkg: string } | null = null;
      for (;;) {
        const from = after;
        let q = db
          .selectFrom('device_logs')
          .selectAll()
          .where('dvid', '=', dvid)
          .where('device_time', '>=', startTime)
          .where('device_time', '<', endTime);
        if (from)
          q = q.where((eb) =>
            eb.or([
              eb('device_time', '>', from.time),
              eb.and([eb('device_time', '=', from.time), eb('package', '>', from.pkg)]),
            ]),
          );
        const rows = await q.orderBy('device_time').orderBy('package').limit(size).execute();
        if (rows.length > 0) yield rows.map(toDeviceLog);
        const last = rows.at(-1);
        if (!last || rows.length < size) return;
        after = { time: last.device_time, pkg: last.package };
      }
    },
  };
}
export type ReportKindsRepo = ReturnType<typeof createReportKindsRepo>;
