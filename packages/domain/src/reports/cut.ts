import { accumulateMileage, overlapOf, roundKm, type Span, type TransitSlice } from './mileage.ts';

/**
 * Records cut to a report's window (issue 24 item 4): a record or trip across the window's
 * edge (a drive across midnight, a night's parking) counts in a report for its part inside, so
 * the reports of the days of a range add up to the report of the range.
 */

/** Begins before the window or ends after it. */
export const crossesEdge = (r: Span, w: Span): boolean => r.startTime < w.startTime || r.endTime > w.endTime;

/** A transit record's part inside the window: its km shared out by time, as the Mileage report does. */
export function cutRecord<T extends Span & { duration: number; totalMileage: number }>(r: T, w: Span): T {
  if (!crossesEdge(r, w)) return r;
  const { ms, km } = overlapOf(r, w);
  const startTime = Math.max(r.startTime, w.startTime);
  return { ...r, startTime, endTime: startTime + ms, duration: ms, totalMileage: roundKm(km) };
}

export interface TripFigures extends Span {
  totalDistance: number;
  topSpeed: number;
  totalMovingDuration: number;
  totalIdlingDuration: number;
}

/**
 * A trip's part inside the window, summed from its vehicle's transit records there (`records`
 * may hold the vehicle's others: only the part inside the trip and the window counts).
 */
export function cutTrip<T extends TripFigures>(trip: T, records: readonly TransitSlice[], w: Span): T {
  if (!crossesEdge(trip, w)) return trip;
  const span = { startTime: Math.max(trip.startTime, w.startTime), endTime: Math.min(trip.endTime, w.endTime) };
  const s = accumulateMileage(records, span);
  return {
    ...trip,
    ...span,
    totalDistance: roundKm(s.mileage),
    topSpeed: s.topSpeed,
    totalMovingDuration: s.movingDuration,
    totalIdlingDuration: s.idlingDuration,
  };
}
