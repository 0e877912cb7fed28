import {
  closeTransit,
  groupTrips,
  type OpenTransit,
  type SegmenterConfig,
  type TransitRecordValue,
  type TripRecordValue,
} from './segmenter.ts';

/**
 * Trips as the live pipeline builds them, one batch of closed transit records at a time, with
 * the same `groupTrips` that reports fold over stored records (DESIGN §1).
 *
 * A trip is final once the next real parking begins; but a phantom "trip" (drift in the yard)
 * after a parking merges into that parking, so the last PARKING trip stays open to extension:
 * its records are kept and grouped again with the next ones. Trips are identified by vehicle
 * and start time, so re-emitting the last PARKING trip (longer) rewrites the same row.
 */
export interface TripTrackerState {
  /** Closed transit records from the start of the last PARKING trip on. */
  pending: TransitRecordValue[];
  /** The last trip emitted, if any. */
  last: TripRecordValue | null;
}

export function emptyTripTracker(): TripTrackerState {
  return { pending: [], last: null };
}

/** Adds closed transit records; returns the trips they make final (or extend). */
export function pushTransits(
  state: TripTrackerState,
  closed: TransitRecordValue[],
  cfg: SegmenterConfig,
): { state: TripTrackerState; trips: TripRecordValue[] } {
  if (closed.length === 0) return { state, trips: [] };
  const pending = [...state.pending, ...closed];
  const { trips } = groupTrips(pending, cfg);
  // Every group of trips ends at a real parking, so the last trip is a PARKING one.
  const lastParking = trips[trips.length - 1];
  if (!lastParking) return { state: { pending, last: state.last }, trips: [] };
  return {
    state: { pending: pending.filter((r) => r.startTime >= lastParking.startTime), last: lastParking },
    trips,
  };
}

/**
 * A parking that has lasted the minimum ends the trip before it, though it is still open: at
 * that moment the trip is final (and the parking a trip of its own, whose end grows until it
 * closes). Returns those trips once, when `open` crosses the minimum; `prevLastMs` is the time
 * of the open record's last point before this one, if it is the same record.
 */
export function tripsAtParking(
  state: TripTrackerState,
  open: OpenTransit | null,
  prevLastMs: number | undefined,
  cfg: SegmenterConfig,
): TripRecordValue[] {
  if (open?.status !== 'PARKING') return [];
  const before = (prevLastMs ?? open.start.timeMs) - open.start.timeMs;
  if (open.last.timeMs - open.start.timeMs < cfg.minParkingMs || before >= cfg.minParkingMs) return [];
  return groupTrips([...state.pending, closeTransit(open, open.last)], cfg).trips;
}

export interface TripNow {
  tripStatus: TripRecordValue['tripStatus'];
  tripFrom: number;
}

/**
 * The trip a vehicle is in at `timeMs` (its latest fix), for vehicle-log rows: PARKING once
 * the current parking has lasted the minimum, otherwise TRANSIT since the last parking ended.
 */
export function tripNow(
  state: TripTrackerState,
  open: OpenTransit | null,
  timeMs: number,
  cfg: SegmenterConfig,
): TripNow | null {
  if (open?.status === 'PARKING' && timeMs - open.start.timeMs >= cfg.minParkingMs)
    return { tripStatus: 'PARKING', tripFrom: open.start.timeMs };
  if (state.last?.tripStatus === 'PARKING') return { tripStatus: 'TRANSIT', tripFrom: state.last.endTime };
  const first = state.pending[0]?.startTime ?? open?.start.timeMs;
  return first === undefined ? null : { tripStatus: 'TRANSIT', tripFrom: first };
}
