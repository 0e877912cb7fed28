import type { DailyMileageReportRow, MileageReportRow, TransitRecord } from '@jejak/contract';
import {
  closeUnderWay,
  dailyWithUnderWay,
  roundKm,
  withUnderWay,
  type DailyMileage,
  type MileageSummary,
  type SliceUnderWay,
  type Span,
} from '@jejak/domain';
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

export function mileageRows(
  vids: readonly string[],
  closed: ReadonlyMap<string, MileageSummary>,
  under: ReadonlyMap<string, SliceUnderWay[]>,
  trips: ReadonlyMap<string, number>,
  w: Span,
): MileageReportRow[] {
  return vidsInOrder(vids).map((vid) => {
    const slices = under.get(vid) ?? [];
    const s = withUnderWay(closed.get(vid), slices, w);
    return {
      vid,
      startTime: w.startTime,
      endTime: w.endTime,
      numberOfTrips: trips.get(vid) ?? 0,
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
  const extra = [...under].flatMap(([vid, slices]) =>
    slices.map((s, i): TransitRecord => {
      const v = rows.get(vid);
      const here = v?.location ?? { lat: 0, lon: 0 };
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
        startAddress: null,
        endAddress: v?.address ?? null,
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
