import { describe, expect, it } from 'vitest';
import type { AlertEvent } from './alerts.ts';
import { EventExportRequestSchema, eventRows, eventTitle, filterEvents } from './event-table.ts';

describe('eventTitle (spec 1 §2)', () => {
  it.each([
    [{ eventName: 'OVERSPEED', speed: 95.456 }, 'OVERSPEED 95.46 KM/H'],
    [{ eventName: 'OVERSPEED', speed: 80 }, 'OVERSPEED 80.00 KM/H'],
    [{ eventName: 'OVERSPEED', speed: null }, 'OVERSPEED'],
    [{ eventName: 'SOS', speed: 12.3 }, 'SOS'],
    [{ eventName: 'Rule "Fast" Violated', speed: 99 }, 'Rule "Fast" Violated'],
  ])('%o → %s', (event, title) => {
    expect(eventTitle(event)).toBe(title);
  });
});

describe('filterEvents', () => {
  const events = [
    { eventType: 'INFO' as const, n: 1 },
    { eventType: 'CRITICAL' as const, n: 2 },
    { eventType: 'CRITICAL' as const, n: 3 },
    { eventType: 'CONTROL' as const, n: 4 },
  ];

  it('keeps the order of the events it filters', () => {
    expect(filterEvents(events, 'CRITICAL').map((e) => e.n)).toEqual([2, 3]);
    expect(filterEvents(events, 'ALL').map((e) => e.n)).toEqual([1, 2, 3, 4]);
    expect(filterEvents(events, 'WARNING')).toEqual([]);
  });
});

describe('the export rows', () => {
  it('words each event as the list does, times in the zone', () => {
    const event = {
      evid: 'e1',
      eventName: 'OVERSPEED',
      eventType: 'WARNING',
      speed: 97.346,
      address: 'Jalan Reko, Kajang',
      location: { lat: 2.99, lon: 101.79 },
      eventCreatedAt: Date.UTC(2026, 10, 26, 16, 30, 5),
    } as AlertEvent;
    expect(
      eventRows([event, { ...event, location: null, speed: null, eventName: 'SOS' }], 'Lori 1', 'Asia/Kuala_Lumpur'),
    ).toEqual([
      {
        time: '2026/11/27 00:30:05',
        vehicle: 'Lori 1',
        type: 'WARNING',
        event: 'OVERSPEED 97.35 KM/H',
        speed: 97.346,
        address: 'Jalan Reko, Kajang',
        lat: 2.99,
        lon: 101.79,
      },
      {
        time: '2026/11/27 00:30:05',
        vehicle: 'Lori 1',
        type: 'WARNING',
        event: 'SOS',
        speed: null,
        address: 'Jalan Reko, Kajang',
        lat: null,
        lon: null,
      },
    ]);
  });

  it('refuses a bad filter, zone or window with the field named', () => {
    const ok = { vid: 'v1', startTime: 1_000, endTime: 2_000 };
    expect(EventExportRequestSchema.parse(ok)).toMatchObject({ eventType: 'ALL' });
    // Left out, the zone is the server's to fill (JEJAK_TIME_ZONE).
    expect(EventExportRequestSchema.parse(ok).timeZone).toBeUndefined();
    const issues = (body: object) =>
      EventExportRequestSchema.safeParse(body).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ ...ok, eventType: 'LOUD' })).toEqual(['eventType']);
    expect(issues({ ...ok, timeZone: 'Mars/Olympus' })).toEqual(['timeZone']);
    expect(issues({ ...ok, endTime: 500 })).toEqual(['endTime']);
    expect(issues({ ...ok, endTime: 40 * 86_400_000 })).toEqual(['endTime']);
  });
});
