import {
  filterTransitRecords,
  type AlertEvent,
  type TransitFilter,
  type TransitRecord,
  type TripRecord,
} from '@jejak/contract';
import { totalIdleDuration, type TransitStatus } from '@jejak/domain';

/* Trip Details (spec 1 §2): transit records and events of the window, in time order, filtered. */

/** The event types Trip Details can show (spec 1 §2): info, warning, critical. */
export const TRIP_EVENT_TYPES = ['INFO', 'WARNING', 'CRITICAL'] as const;
export type TripEventType = (typeof TRIP_EVENT_TYPES)[number];

export type TripDetailsItem =
  | { kind: 'transit'; key: string; time: number; record: TransitRecord }
  | { kind: 'event'; key: string; time: number; event: AlertEvent };

export interface TripDetailsFilter extends TransitFilter {
  eventTypes: readonly TripEventType[];
}

/**
 * The panel's items, oldest first: the transit records the status and duration filters keep
 * and the events of the chosen types. At one instant a transit record comes before an event.
 */
export function tripDetailsItems(
  records: readonly TransitRecord[],
  events: readonly AlertEvent[],
  filter: TripDetailsFilter,
): TripDetailsItem[] {
  const items: TripDetailsItem[] = [
    ...filterTransitRecords(records, filter).map((record): TripDetailsItem => ({
      kind: 'transit',
      key: `t:${record.tsid}`,
      time: record.startTime,
      record,
    })),
    ...events
      .filter((e) => (filter.eventTypes as readonly string[]).includes(e.eventType))
      .map((event): TripDetailsItem => ({ kind: 'event', key: `e:${event.evid}`, time: event.eventCreatedAt, event })),
  ];
  const rank = (i: TripDetailsItem) => (i.kind === 'transit' ? 0 : 1);
  return items.sort((a, b) => a.time - b.time || rank(a) - rank(b));
}

export interface TripSummary {
  distanceKm: number;
  /** Time in each status, ms. */
  durations: Record<TransitStatus, number>;
  /** Spec 1 §3's total_idle_duration: idling plus parking, less a parking the window ends in. */
  totalIdleMs: number;
  topSpeedKmh: number;
  /** Trips that moved (TRANSIT), not parkings. */
  trips: number;
  events: number;
}

/** The window at a glance, over every record (not only the filtered ones). */
export function tripSummary(
  records: readonly TransitRecord[],
  trips: readonly TripRecord[],
  events: readonly AlertEvent[],
): TripSummary {
  const durations: Record<TransitStatus, number> = { MOVING: 0, IDLING: 0, PARKING: 0, DISCONNECTED: 0 };
  let distanceKm = 0;
  let topSpeedKmh = 0;
  for (const r of records) {
    durations[r.transitStatus] += r.duration;
    distanceKm += r.totalMileage;
    topSpeedKmh = Math.max(topSpeedKmh, r.topSpeed);
  }
  return {
    distanceKm,
    durations,
    totalIdleMs: totalIdleDuration(records),
    topSpeedKmh,
    trips: trips.filter((t) => t.tripStatus === 'TRANSIT').length,
    events: events.length,
  };
}
