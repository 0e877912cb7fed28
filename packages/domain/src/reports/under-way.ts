import type { TransitStatus } from '../transit.ts';
import { localDays, type DailyMileage } from './local-days.ts';
import { accumulateMileage, overlapOf, roundKm, type MileageSummary, type Span, type TransitSlice } from './mileage.ts';

/**
 * The record under way (issue 24 item 1): a vehicle's current transit status has no stored
 * record until it ends, yet a report over a range that reaches into it must count it, or a car
 * driving now shows 0 km and a car parked all day shows nothing. The live view and the reports
 * read the same state: the status the vehicle row shows since when, and what the pipeline has
 * measured of its open record so far.
 */
export interface VehicleUnderWay {
  /** The status the live view shows (vehicles.transit_status) and since when. */
  transitStatus: TransitStatus;
  since: number;
  /** The pipeline's open record, when it has one: its start, status and what it measured. */
  open: {
    transitStatus: TransitStatus;
    startTime: number;
    /** Its last fix: the km and speeds are measured up to here. */
    lastTime: number;
    totalMileage: number;
    topSpeed: number;
    avgSpeed: number;
  } | null;
}

export interface SliceUnderWay extends TransitSlice {
  underWay: true;
}

/**
 * The vehicle's open records closed at min(range end, now): nothing is known past now, and a
 * range that ends earlier takes the part inside it (overlapOf shares the km out by time). When
 * the live status changed after the pipeline's open record began (a silence marked DISCONNECTED
 * without a fix), the open record runs to that change and the live status from it.
 */
export function closeUnderWay(v: VehicleUnderWay, rangeEndMs: number, nowMs: number): SliceUnderWay[] {
  const until = Math.min(rangeEndMs, nowMs);
  const slices: SliceUnderWay[] = [];
  const push = (transitStatus: TransitStatus, startTime: number, endTime: number, km: number, top: number) => {
    if (endTime > startTime)
      slices.push({ transitStatus, startTime, endTime, totalMileage: km, topSpeed: top, underWay: true });
  };
  const { open } = v;
  // A range ending before the last fix takes the km measured up to then in proportion to time.
  const kmUntil = (end: number) => {
    if (!open) return 0;
    const measured = open.lastTime - open.startTime;
    return measured > 0 ? (open.totalMileage * Math.min(measured, end - open.startTime)) / measured : open.totalMileage;
  };
  if (open && open.startTime < v.since) {
    // Its km were all driven before the change: they go with the part that ended then.
    const end = Math.min(v.since, until);
    push(open.transitStatus, open.startTime, end, kmUntil(end), open.topSpeed);
    push(v.transitStatus, v.since, until, 0, 0);
  } else push(v.transitStatus, v.since, until, kmUntil(until), open?.topSpeed ?? 0);
  return slices;
}

/** A summary with the slices under way added (their part inside `window`), km rounded again. */
export function withUnderWay(
  sum: MileageSummary | undefined,
  slices: readonly TransitSlice[],
  window: Span,
): MileageSummary {
  const extra = accumulateMileage(slices, window);
  const base = sum ?? accumulateMileage([], window);
  return {
    mileage: roundKm(base.mileage + extra.mileage),
    movingDuration: base.movingDuration + extra.movingDuration,
    idlingDuration: base.idlingDuration + extra.idlingDuration,
    parkingDuration: base.parkingDuration + extra.parkingDuration,
    disconnectedDuration: base.disconnectedDuration + extra.disconnectedDuration,
    topSpeed: Math.max(base.topSpeed, extra.topSpeed),
  };
}

/** Kilometres per local day of `window` with the slices under way added to the days they cross. */
export function dailyWithUnderWay(
  days: readonly DailyMileage[] | undefined,
  slices: readonly TransitSlice[],
  window: Span,
  timeZone: string,
): DailyMileage[] {
  const base = days ?? localDays(window, timeZone).map((d) => ({ ...d, mileage: 0 }));
  if (slices.length === 0) return [...base];
  const all = localDays(window, timeZone);
  return base.map((d) => {
    const span = all.find((x) => x.date === d.date);
    const km = span ? slices.reduce((a, s) => a + overlapOf(s, span).km, 0) : 0;
    return km > 0 ? { ...d, mileage: roundKm(d.mileage + km) } : d;
  });
}
