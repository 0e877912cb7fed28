import { describe, expect, it } from 'vitest';
import type { TransitRecord } from './records.ts';
import {
  durationFilterLabel,
  durationFilterMs,
  filterTransitRecords,
  TRANSIT_DURATION_FILTERS_MIN,
  TransitExportRequestSchema,
  transitRows,
} from './transit-table.ts';

const T0 = Date.UTC(2026, 0, 5, 0, 0); // 08:00 in Kuala Lumpur
const MIN = 60_000;

function record(status: TransitRecord['transitStatus'], startMin: number, minutes: number): TransitRecord {
  return {
    tsid: `v#${startMin}`,
    trid: null,
    vid: 'v',
    transitStatus: status,
    startTime: T0 + startMin * MIN,
    endTime: T0 + (startMin + minutes) * MIN,
    duration: minutes * MIN,
    totalMileage: status === 'MOVING' ? 3.456 : 0,
    topSpeed: 61.239,
    avgSpeed: 40.5,
    totalFuel: 0,
    startAddress: 'near Klang, Selangor',
    endAddress: null,
    startLocation: { lat: 3, lon: 101 },
    endLocation: { lat: 3, lon: 101 },
    createdAt: T0,
  };
}

const records = [record('PARKING', 0, 1), record('MOVING', 1, 12), record('IDLING', 13, 2), record('PARKING', 15, 31)];

describe('the Trip Details filters (spec 1 §2)', () => {
  it('offers All, >1, >2, >5, >10, >15 and >30 min', () => {
    expect(TRANSIT_DURATION_FILTERS_MIN.map(durationFilterLabel)).toEqual([
      'All',
      '>1 min',
      '>2 min',
      '>5 min',
      '>10 min',
      '>15 min',
      '>30 min',
    ]);
  });

  it.each([
    [0, ['PARKING', 'MOVING', 'IDLING', 'PARKING']],
    [1, ['MOVING', 'IDLING', 'PARKING']],
    [2, ['MOVING', 'PARKING']],
    [15, ['PARKING']],
    [30, ['PARKING']],
  ])('keeps records longer than %i min, in order', (minutes, kept) => {
    const shown = filterTransitRecords(records, { minDurationMs: durationFilterMs(minutes) });
    expect(shown.map((r) => r.transitStatus)).toEqual(kept);
  });

  it('keeps only the chosen statuses, with the duration filter too', () => {
    expect(filterTransitRecords(records, { statuses: ['PARKING'] }).map((r) => r.duration / MIN)).toEqual([1, 31]);
    expect(filterTransitRecords(records, { statuses: ['PARKING'], minDurationMs: MIN })).toHaveLength(1);
    expect(filterTransitRecords(records, { statuses: [] })).toEqual([]);
  });
});

describe('the export rows', () => {
  it('words times in the zone, durations as the console does, numbers to 2 decimals', () => {
    expect(transitRows([records[1] as TransitRecord], 'Lori 1', 'Asia/Kuala_Lumpur')).toEqual([
      {
        vehicle: 'Lori 1',
        status: 'MOVING',
        start: '2026/01/05 08:01:00',
        end: '2026/01/05 08:13:00',
        duration: '12 mins 0 secs',
        distance: 3.46,
        topSpeed: 61.24,
        avgSpeed: 40.5,
        startAddress: 'near Klang, Selangor',
        endAddress: null,
      },
    ]);
  });

  it('validates the request: window order, statuses, zone', () => {
    const ok = TransitExportRequestSchema.parse({ vid: 'v', startTime: 1, endTime: 2 });
    expect(ok).toMatchObject({ minDurationMs: 0 });
    // Left out, the zone is the server's to fill (JEJAK_TIME_ZONE).
    expect(ok.timeZone).toBeUndefined();
    expect(TransitExportRequestSchema.safeParse({ vid: 'v', startTime: 2, endTime: 1 }).success).toBe(false);
    expect(
      TransitExportRequestSchema.safeParse({ vid: 'v', startTime: 1, endTime: 2, status: ['FLYING'] }).success,
    ).toBe(false);
  });
});
