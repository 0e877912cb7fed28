import { describe, expect, it } from 'vitest';
import type { AlertEvent, TransitRecord, TripRecord } from '@jejak/contract';
import { tripDetailsItems, tripSummary, TRIP_EVENT_TYPES } from './trip-details.ts';

const T0 = Date.UTC(2026, 0, 5, 1);
const MIN = 60_000;

function record(tsid: string, status: TransitRecord['transitStatus'], startMin: number, minutes: number, km = 0) {
  return {
    tsid,
    trid: null,
    vid: 'v',
    transitStatus: status,
    startTime: T0 + startMin * MIN,
    endTime: T0 + (startMin + minutes) * MIN,
    duration: minutes * MIN,
    totalMileage: km,
    topSpeed: km * 5,
    avgSpeed: 0,
    totalFuel: 0,
    startAddress: null,
    endAddress: null,
    startLocation: { lat: 3, lon: 101 },
    endLocation: { lat: 3, lon: 101 },
    createdAt: T0,
  } satisfies TransitRecord;
}

const event = (evid: string, type: AlertEvent['eventType'], minute: number) =>
  ({ evid, eventType: type, eventCreatedAt: T0 + minute * MIN }) as AlertEvent;

const records = [
  record('p1', 'PARKING', 0, 10),
  record('m1', 'MOVING', 10, 20, 12.5),
  record('i1', 'IDLING', 30, 1),
  record('m2', 'MOVING', 31, 5, 2),
];
const events = [event('sos', 'CRITICAL', 10), event('speed', 'WARNING', 15), event('gate', 'CONTROL', 16)];
const keys = (items: ReturnType<typeof tripDetailsItems>) => items.map((i) => i.key);

describe('Trip Details items (spec 1 §2)', () => {
  it('merges records and events in time order, a record before an event at the same instant', () => {
    const all = tripDetailsItems(records, events, { eventTypes: TRIP_EVENT_TYPES, minDurationMs: MIN });
    // The 1-minute idle is not longer than 1 min; CONTROL is not one of the panel's event types.
    expect(keys(all)).toEqual(['t:p1', 't:m1', 'e:sos', 'e:speed', 't:m2']);
  });

  it('keeps only the chosen event and transit types', () => {
    const moving = tripDetailsItems(records, events, { eventTypes: ['WARNING'], statuses: ['MOVING'] });
    expect(keys(moving)).toEqual(['t:m1', 'e:speed', 't:m2']);
    expect(tripDetailsItems(records, events, { eventTypes: [], statuses: [] })).toEqual([]);
  });
});

describe('the summary', () => {
  it('adds distance and time per status over every record, counts moving trips and events', () => {
    const trips = [{ tripStatus: 'PARKING' }, { tripStatus: 'TRANSIT' }] as TripRecord[];
    expect(tripSummary(records, trips, events)).toEqual({
      distanceKm: 14.5,
      durations: { MOVING: 25 * MIN, IDLING: MIN, PARKING: 10 * MIN, DISCONNECTED: 0 },
      totalIdleMs: 11 * MIN,
      topSpeedKmh: 62.5,
      trips: 1,
      events: 3,
    });
  });

  it("leaves the parking the window ends in out of the total idle time (spec 1 §3's total_idle_duration)", () => {
    const ended = [...records, record('p2', 'PARKING', 36, 30)];
    expect(tripSummary(ended, [], []).totalIdleMs).toBe(11 * MIN);
    expect(tripSummary(ended, [], []).durations.PARKING).toBe(40 * MIN);
  });
});
