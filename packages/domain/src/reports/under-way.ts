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

export interface TripUnderWay {
  tripStatus: 'TRANSIT' | 'PARKING';
  startTime: number;
  endTime: number;
  totalDistance: number;
  topSpeed: number;
  totalMovingDuration: number;
  totalIdlingDuration: number;
  underWay: true;
}

/**
 * The trip the vehicle is in now (the last fix's trip status since when), closed at min(range
 * end, now): its closed records since it began and the record under way give its distance, top
 * speed and durations, as a stored trip's are summed from its records. Null when it begins at or
 * after that end.
 */
export function closeTripUnderWay(
  trip: { tripStatus: 'TRANSIT' | 'PARKING'; since: number; to?: number | undefined },
  records: readonly TransitSlice[],
  rangeEndMs: number,
  nowMs: number,
): TripUnderWay | null {
  const span = { startTime: trip.since, endTime: Math.min(rangeEndMs, nowMs, trip.to ?? Infinity) };
  if (span.endTime <= span.startTime) return null;
  const s = accumulateMileage(records, span);
  return {
    tripStatus: trip.tripStatus,
    ...span,
    totalDistance: roundKm(s.mileage),
    topSpeed: s.topSpeed,
    totalMovingDuration: s.movingDuration,
    totalIdlingDuration: s.idlingDuration,
    underWay: true,
  };
}

/**
 * What is known of a vehicle's trips before the one under way: its latest stored trip, and the
 * start of the pipeline's first pending record (pipeline/state/resume.ts).
 */
export interface StoredTripState {
  last: { tripStatus: 'TRANSIT' | 'PARKING'; startTime: number; endTime: number } | null;
  pendingFrom: number | null;
}

type TripStart = { tripStatus: 'TRANSIT' | 'PARKING'; since: number; to?: number };

/**
 * The trips not stored yet, as the pipeline's tripNow would say at `until`: a parking that has
 * lasted `minParkingMs` by then is a PARKING trip (the stored last PARKING trip it extends, kept
 * open by the pipeline, included); before it, from the end of the latest stored trip, the drive
 * that led there is a TRANSIT trip (the pipeline emits it only on a later fix, which a parked
 * tracker may never send). Otherwise the vehicle is in a drive since its latest stored trip.
 */
export function tripStartsUnderWay(
  v: VehicleUnderWay,
  trips: StoredTripState,
  until: number,
  minParkingMs: number,
): TripStart[] {
  const { last } = trips;
  const parking =
    v.open?.transitStatus === 'PARKING' ? v.open.startTime : v.transitStatus === 'PARKING' ? v.since : null;
  if (parking !== null && until - parking >= minParkingMs) {
    const extends_ = last?.tripStatus === 'PARKING' && last.startTime <= parking && parking <= last.endTime;
    if (extends_) return [{ tripStatus: 'PARKING', since: last.startTime }];
    const drive: TripStart[] =
      last && last.endTime < parking ? [{ tripStatus: 'TRANSIT', since: last.endTime, to: parking }] : [];
    return [...drive, { tripStatus: 'PARKING', since: parking }];
  }
  const since = last?.endTime ?? trips.pendingFrom ?? v.open?.startTime ?? v.since;
  return [{ tripStatus: 'TRANSIT', since }];
}
