import type { TransitStatus } from '../transit.ts';

/**
 * Report arithmetic over stored transit records (issue 13 item 7): reports read the records the
 * pipeline made, never raw positions, so they agree with Transit and Trip Record by construction.
 * A record crossing an edge of the window (or of a local day) counts for the part inside it; its
 * mileage is shared out in proportion to time, as the record keeps no finer detail.
 */
export interface TransitSlice {
  transitStatus: TransitStatus;
  startTime: number;
  endTime: number;
  totalMileage: number;
  topSpeed: number;
}

export interface MileageSummary {
  /** Kilometres driven inside the window. */
  mileage: number;
  /** Milliseconds inside the window in each status. */
  movingDuration: number;
  idlingDuration: number;
  parkingDuration: number;
  disconnectedDuration: number;
  /** The highest speed of a record that overlaps the window, km/h (0 without one). */
  topSpeed: number;
}

export interface Span {
  startTime: number;
  endTime: number;
}

/** The milliseconds of `r` inside `w` and the share of `r`'s mileage they carry. */
export function overlapOf(r: Span & { totalMileage: number }, w: Span): { ms: number; km: number } {
  const from = Math.max(r.startTime, w.startTime);
  const to = Math.min(r.endTime, w.endTime);
  const ms = Math.max(0, to - from);
  const length = r.endTime - r.startTime;
  if (ms === 0) return { ms: 0, km: 0 };
  return { ms, km: length > 0 ? (r.totalMileage * ms) / length : r.totalMileage };
}

const DURATION_KEY: Record<TransitStatus, keyof MileageSummary> = {
  MOVING: 'movingDuration',
  IDLING: 'idlingDuration',
  PARKING: 'parkingDuration',
  DISCONNECTED: 'disconnectedDuration',
};

export function emptyMileageSummary(): MileageSummary {
  return {
    mileage: 0,
    movingDuration: 0,
    idlingDuration: 0,
    parkingDuration: 0,
    disconnectedDuration: 0,
    topSpeed: 0,
  };
}

/**
 * summarizeMileage before its mileage is rounded: what the per-day totals keep, so a sum of whole
 * days rounds as the window's own sum does.
 */
export function accumulateMileage(records: readonly TransitSlice[], window: Span): MileageSummary {
  const s = emptyMileageSummary();
  for (const r of records) {
    const { ms, km } = overlapOf(r, window);
    if (ms === 0) continue;
    s.mileage += km;
    s[DURATION_KEY[r.transitStatus]] += ms;
    s.topSpeed = Math.max(s.topSpeed, r.topSpeed);
  }
  return s;
}

/** One vehicle's mileage, time in each status and top speed in the window, from its records. */
export function summarizeMileage(records: readonly TransitSlice[], window: Span): MileageSummary {
  const s = accumulateMileage(records, window);
  s.mileage = roundKm(s.mileage);
  return s;
}

/** Kilometres to the metre, so sums of shares do not show floating-point dust. */
export const roundKm = (km: number): number => Math.round(km * 1000) / 1000;

/**
 * Spec 1 §3's total_idle_duration, ms: the time idling plus parking, less the last record's when it
 * is a parking — where the vehicle stands at the end is not time lost between its drives.
 */
export function totalIdleDuration(
  records: readonly { transitStatus: TransitStatus; startTime: number; duration: number }[],
): number {
  let idle = 0;
  let last: (typeof records)[number] | undefined;
  for (const r of records) {
    if (r.transitStatus === 'IDLING' || r.transitStatus === 'PARKING') idle += r.duration;
    if (!last || r.startTime >= last.startTime) last = r;
  }
  return last?.transitStatus === 'PARKING' ? idle - last.duration : idle;
}
