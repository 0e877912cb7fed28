import type { DailyMileageReportRow, MileageReportRow, TransitRecord, TripRecord } from '@jejak/contract';
import {
  closeTripUnderWay,
  closeUnderWay,
  cutTrip,
  tripStartsUnderWay,
  dailyWithUnderWay,
  roundKm,
  withUnderWay,
  type DailyMileage,
  type MileageSummary,
  type SliceUnderWay,
  type Span,
} from '@jejak/domain';
import type { ReportRepo, ReportWindow } from '../../storage/repos/records/report-repo.ts';
import type { UnderWayRow } from '../../storage/repos/records/under-way.ts';

/**
 * The report rows with what is under way (issue 24 items 1 and 2): every vehicle asked for has
 * its row, its closed records' sums plus its current status closed at min(range end, now).
 */

/** Vids once each, in code-point order (the order of the records' queries: vids are UUIDs). */
export const vidsInOrder = (vids: readonly string[]): string[] =>
  [...new Set(vids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Each vehicle's slices under way that overlap the window. */
export function slicesUnderWay(
  under: ReadonlyMap<string, UnderWayRow>,
  w: Span,
  nowMs: number,
): Map<string, SliceUnderWay[]> {
  const found = new Map<string, SliceUnderWay[]>();
  for (const [vid, v] of under) {
    const slices = closeUnderWay(v, w.endTime, nowMs).filter((s) => s.endTime > w.startTime);
    if (slices.length > 0) found.set(vid, slices);
  }
  return found;
}

/** The trips not stored yet that begin before min(end, now). */
export function tripStarts(v: UnderWayRow, w: Span, nowMs: number, minParkingMs: number) {
  const until = Math.min(w.endTime, nowMs);
  return tripStartsUnderWay(v, v.trips, until, minParkingMs).filter((t) => t.since < until);
}

/** Drives under way (no stored trip until the parking after it) that reach into the window. */
function drivesUnderWay(v: UnderWayRow | undefined, w: Span, nowMs: number, minParkingMs: number): number {
  if (!v) return 0;
  return tripStarts(v, w, nowMs, minParkingMs).filter(
    (t) => t.tripStatus === 'TRANSIT' && (t.to ?? Infinity) > w.startTime,
  ).length;
}

export function mileageRows(
  vids: readonly string[],
  closed: ReadonlyMap<string, MileageSummary>,
  under: {
    rows: ReadonlyMap<string, UnderWayRow>;
    slices: ReadonlyMap<string, SliceUnderWay[]>;
    nowMs: number;
    minParkingMs: number;
  },
  trips: ReadonlyMap<string, number>,
  w: Span,
): MileageReportRow[] {
  return vidsInOrder(vids).map((vid) => {
    const slices = under.slices.get(vid) ?? [];
    const s = withUnderWay(closed.get(vid), slices, w);
    return {
      vid,
      startTime: w.startTime,
      endTime: w.endTime,
      numberOfTrips: (trips.get(vid) ?? 0) + drivesUnderWay(under.rows.get(vid), w, under.nowMs, under.minParkingMs),
      ...s,
      totalMileage: s.mileage,
      engineDuration: s.movingDuration + s.idlingDuration,
      underWay: slices.length > 0,
    };
  });
}

export function dailyMileageRows(
  vids: readonly string[],
  closed: ReadonlyMap<string, DailyMileage[]>,
  under: ReadonlyMap<string, SliceUnderWay[]>,
  w: Span,
  timeZone: string,
): DailyMileageReportRow[] {
  return vidsInOrder(vids).flatMap((vid) =>
    dailyWithUnderWay(closed.get(vid), under.get(vid) ?? [], w, timeZone).map((day) => ({ vid, ...day })),
  );
}

/** The slices under way as transit records, after each vehicle's stored ones. */
export function withTransitsUnderWay(
  stored: readonly TransitRecord[],
  under: ReadonlyMap<string, SliceUnderWay[]>,
  rows: ReadonlyMap<string, UnderWayRow>,
  nowMs: number,
): TransitRecord[] {
  const lastStored = new Map(stored.map((r) => [r.vid, r]));
  const extra = [...under].flatMap(([vid, slices]) =>
    slices.map((s, i): TransitRecord => {
      const v = rows.get(vid);
      const here = v?.location ?? { lat: 0, lon: 0 };
      // Where the vehicle is: its live address, else where its last stored record ended (a stop
      // under way has not moved since).
      const address = v?.address ?? (s.transitStatus === 'MOVING' ? null : (lastStored.get(vid)?.endAddress ?? null));
      return {
        tsid: `${vid}:under-way:${s.startTime}`,
        trid: null,
        vid,
        transitStatus: s.transitStatus,
        startTime: s.startTime,
        endTime: s.endTime,
        duration: s.endTime - s.startTime,
        totalMileage: roundKm(s.totalMileage),
        topSpeed: s.topSpeed,
        avgSpeed: i === 0 && s.totalMileage > 0 ? (v?.open?.avgSpeed ?? 0) : 0,
        totalFuel: 0,
        // A stop under way began where the vehicle is now; a drive under way, somewhere on the road.
        startAddress: s.transitStatus === 'MOVING' ? null : address,
        endAddress: address,
        startLocation: (i === 0 ? v?.startLocation : null) ?? here,
        endLocation: here,
        createdAt: nowMs,
        underWay: true,
      };
    }),
  );
  if (extra.length === 0) return [...stored];
  return [...stored, ...extra].sort((a, b) => (a.vid < b.vid ? -1 : a.vid > b.vid ? 1 : a.startTime - b.startTime));
}

/**
 * Each vehicle's trip under way as a trip record, read in two set-based queries for all of them:
 * its closed records since it began, and its events.
 */
export async function tripsUnderWay(
  reports: Pick<ReportRepo, 'transitSlices' | 'eventCounts'>,
  rows: ReadonlyMap<string, UnderWayRow>,
  w: ReportWindow,
  nowMs: number,
  minParkingMs: number,
  /** Each trip cut to the window (the reports) rather than whole (Trip Record). */
  cut = false,
): Promise<TripRecord[]> {
  const until = Math.min(w.endTime, nowMs);
  const open = [...rows].map(([vid, v]) => ({ vid, v, starts: tripStarts(v, w, nowMs, minParkingMs) }));
  const from = Math.min(...open.flatMap((o) => o.starts.map((t) => t.since)));
  if (!Number.isFinite(from)) return [];
  const vids = open.filter((o) => o.starts.length > 0).map((o) => o.vid);
  const closed = await reports.transitSlices({ vids, startTime: from, endTime: until });
  const trips = open.flatMap(({ vid, v, starts }) => {
    const records = [...(closed.get(vid) ?? []), ...closeUnderWay(v, w.endTime, nowMs)];
    return starts.flatMap((start) => {
      const whole = closeTripUnderWay(start, records, w.endTime, nowMs);
      const trip = whole && cut ? cutTrip(whole, records, w) : whole;
      return trip && trip.endTime > w.startTime ? [{ vid, trip }] : [];
    });
  });
  const events = await reports.eventCounts(
    trips.map(({ vid, trip }) => ({ vid, from: trip.startTime, to: trip.endTime })),
  );
  return trips.map(({ vid, trip }) => ({
    trid: `${vid}:under-way:${trip.startTime}`,
    vid,
    ...trip,
    numberOfEvents: events.get(`${vid}:${trip.startTime}`) ?? 0,
  }));
}

/**
 * The trips under way after each vehicle's stored ones. A stored trip of the same start is the
 * pipeline's last PARKING trip, kept open to extension: the one under way, longer, stands for it.
 */
export function withTripsUnderWay(stored: readonly TripRecord[], extra: readonly TripRecord[]): TripRecord[] {
  if (extra.length === 0) return [...stored];
  const kept = stored.filter((s) => !extra.some((t) => s.vid === t.vid && s.startTime === t.startTime));
  return [...kept, ...extra].sort((a, b) => (a.vid < b.vid ? -1 : a.vid > b.vid ? 1 : a.startTime - b.startTime));
}
