import {
  LEGACY_REPORT_ROW_LIMIT,
  type AlertEvent,
  type DetailReportRequest,
  type DeviceLog,
  type DisconnectReportRow,
  type GeofenceReportRequest,
  type GeofenceReportRow,
  type LegacyReportRequest,
  type MileageReportRow,
  type OverspeedReportRow,
  type ReportRequest,
} from '@jejak/contract';
import { measureOverspeed, pairOverspeeds, type OverspeedSpan, type User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { requireCall, requireReachableVids, viewerOf } from '../access.ts';
import type { Report, ReportService } from './report-service.ts';

export interface ReportKindsDeps {
  repos: Pick<Repos, 'fleet' | 'reportKinds' | 'events'>;
  /** The mileage of the 'next' base: the older call answers the same rows. */
  reports: ReportService;
  now: () => number;
}

/** Rows a detail export reads at a time. */
export const DETAIL_EXPORT_PAGE_ROWS = 5_000;
/** Overspeed spans whose fixes one query reads at most. */
const SPANS_PER_QUERY = 100;

const capped = <T>(rows: T[]): Report<T> => ({
  report: rows.slice(0, LEGACY_REPORT_ROW_LIMIT),
  truncated: rows.length > LEGACY_REPORT_ROW_LIMIT,
});

/**
 * Vehicle Reports' further kinds (spec 3 §1, §2, §7; issue 13 item 3): the older windowed calls
 * and the overspeed report. Each needs the Vehicle Report grant and every vehicle (device,
 * geofence) named in reach; one that is not refuses the whole call, foreign or missing alike.
 */
export function createReportKindsService(deps: ReportKindsDeps) {
  const { reports, now } = deps;
  const { fleet, reportKinds: repo, events } = deps.repos;

  async function allowed(caller: User, vids: readonly string[]): Promise<void> {
    requireCall(caller, 'readReports');
    await requireReachableVids(fleet, caller, vids);
  }

  /** The vehicle's open disconnection as a row, when it overlaps the window. */
  async function ongoingDisconnections(req: LegacyReportRequest, nowMs: number): Promise<DisconnectReportRow[]> {
    const open = await repo.openDisconnections(req.vidList);
    return open
      .filter((o) => o.since < req.endTime && nowMs > req.startTime)
      .map((o) => ({
        vid: o.vid,
        startTime: o.since,
        endTime: null,
        duration: Math.max(0, nowMs - o.since),
        startLocation: o.location,
        startAddress: o.address,
      }));
  }

  /** Each span measured on its vehicle's fixes, a few queries per vehicle. */
  async function measured(spans: OverspeedSpan[], untilMs: number): Promise<OverspeedReportRow[]> {
    const byVid = new Map<string, OverspeedSpan[]>();
    for (const s of spans) byVid.set(s.vid, [...(byVid.get(s.vid) ?? []), s]);
    const rows: OverspeedReportRow[] = [];
    for (const [vid, list] of byVid) {
      for (let i = 0; i < list.length; i += SPANS_PER_QUERY) {
        const chunk = list.slice(i, i + SPANS_PER_QUERY);
        const fixes = await repo.speedFixes(
          vid,
          chunk.map((s) => ({ from: s.startTime, to: s.endTime ?? untilMs })),
        );
        for (const s of chunk) {
          const m = measureOverspeed(s, fixes, untilMs);
          rows.push({
            vid,
            speed: m.speed,
            speedLimit: s.speedLimit,
            ruleName: s.ruleName,
            startTime: s.startTime,
            endTime: s.endTime,
            duration: m.duration,
            startLocation: s.startLocation,
            endLocation: s.endLocation,
            distance: m.distance,
          });
        }
      }
    }
    return rows.sort((a, b) => a.vid.localeCompare(b.vid) || a.startTime - b.startTime);
  }

  return {
    /** /report/mileage: the rows of the 'next' mileage report, one piece of code. */
    async mileage(caller: User, req: LegacyReportRequest): Promise<Report<MileageReportRow>> {
      return reports.mileage(caller, { vids: req.vidList, startTime: req.startTime, endTime: req.endTime });
    },

    /** /report/detail: the devices' logs, oldest first. */
    async detail(caller: User, req: DetailReportRequest): Promise<Report<DeviceLog>> {
      requireCall(caller, 'readReports');
      const unique = [...new Set(req.dvidList)];
      const visible = await fleet.filterVisibleDvids(viewerOf(caller), unique);
      if (visible.size !== unique.length) throw AppError.forbidden();
      return capped(await repo.deviceLogs(unique, req.startTime, req.endTime, LEGACY_REPORT_ROW_LIMIT));
    },

    /** The detail of these vehicles' trackers (Vehicle Report's export names vehicles). */
    async detailOfVehicles(caller: User, req: ReportRequest): Promise<Report<DeviceLog>> {
      await allowed(caller, req.vids);
      const dvidList = await repo.dvidsOf(req.vids);
      // The trackers of vehicles in reach are in reach: no second check.
      return capped(await repo.deviceLogs(dvidList, req.startTime, req.endTime, LEGACY_REPORT_ROW_LIMIT));
    },

    /** The stays of these vehicles in every geofence the caller reaches (what the console passes). */
    async geofenceOfAll(caller: User, req: ReportRequest): Promise<Report<GeofenceReportRow>> {
      await allowed(caller, req.vids);
      const geoidList = await repo.visibleGeoids(viewerOf(caller));
      return this.geofence(caller, { vidList: req.vids, geoidList, startTime: req.startTime, endTime: req.endTime });
    },

    /** /report/disconnect: the DISCONNECTED records overlapping the window, then each ongoing silence. */
    async disconnect(caller: User, req: LegacyReportRequest): Promise<Report<DisconnectReportRow>> {
      await allowed(caller, req.vidList);
      const nowMs = now();
      const w = { vids: req.vidList, startTime: req.startTime, endTime: req.endTime };
      const closed = (await repo.disconnections(w, LEGACY_REPORT_ROW_LIMIT)).map((r): DisconnectReportRow => ({
        vid: r.vid,
        startTime: r.start_time,
        endTime: r.end_time,
        duration: r.end_time - r.start_time,
        startLocation: { lat: r.start_lat, lon: r.start_lon },
        startAddress: r.start_address,
      }));
      const ongoing = await ongoingDisconnections(req, nowMs);
      return capped([...closed, ...ongoing].sort((a, b) => a.vid.localeCompare(b.vid) || a.startTime - b.startTime));
    },

    /** /report/geofence: the vehicles' stays in the geofences named, durations cut to the window. */
    async geofence(caller: User, req: GeofenceReportRequest): Promise<Report<GeofenceReportRow>> {
      await allowed(caller, req.vidList);
      const unique = [...new Set(req.geoidList)];
      if ((await repo.reachableGeoids(viewerOf(caller), unique)).size !== unique.length) throw AppError.forbidden();
      const nowMs = now();
      const w = { vids: req.vidList, startTime: req.startTime, endTime: req.endTime };
      const stays = await repo.geofenceStays(w, unique, LEGACY_REPORT_ROW_LIMIT);
      return capped(
        stays.map((s) => {
          const to = Math.min(s.exitTime ?? nowMs, req.endTime);
          return { ...s, duration: Math.max(0, to - Math.max(s.enterTime, req.startTime)) };
        }),
      );
    },

    /** /report/event: the events of Event Record, oldest first. */
    async event(caller: User, req: LegacyReportRequest): Promise<Report<AlertEvent>> {
      await allowed(caller, req.vidList);
      const found = await events.inWindow(req.vidList, req.startTime, req.endTime, LEGACY_REPORT_ROW_LIMIT, 'asc');
      return { report: found.events, truncated: found.truncated };
    },

    /** The 'next' overspeed report: violation to compliance of each speeding rule, measured on the fixes. */
    async overspeed(caller: User, req: ReportRequest): Promise<Report<OverspeedReportRow>> {
      await allowed(caller, req.vids);
      const found = await repo.speedRuleEvents(req, LEGACY_REPORT_ROW_LIMIT);
      const spans = pairOverspeeds(found.slice(0, LEGACY_REPORT_ROW_LIMIT));
      const rows = await measured(spans, Math.min(req.endTime, now()));
      return { report: rows, truncated: found.length > LEGACY_REPORT_ROW_LIMIT };
    },

    /** The detail export of one vehicle: the row count, the vehicle's name and its device's logs page by page. */
    async detailExport(
      caller: User,
      req: { vid: string; startTime: number; endTime: number },
    ): Promise<{ rows: number; vehicle: string; pages: AsyncGenerator<DeviceLog[]> }> {
      await allowed(caller, [req.vid]);
      const dvid = await repo.dvidOf(req.vid);
      const vehicle = (await fleet.vehicleHeading(req.vid))?.displayName ?? req.vid;
      if (!dvid) return { rows: 0, vehicle, pages: (async function* () {})() };
      return {
        rows: await repo.countDeviceLogs(dvid, req.startTime, req.endTime),
        vehicle,
        pages: repo.deviceLogPages(dvid, req.startTime, req.endTime, DETAIL_EXPORT_PAGE_ROWS),
      };
    },
  };
}
export type ReportKindsService = ReturnType<typeof createReportKindsService>;
