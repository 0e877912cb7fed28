import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '../alerts/alerts.ts';
import type { TransitRecord } from './records.ts';
import type { MileageReportRow } from './reports.ts';
import type { DisconnectReportRow, FuelReport, GeofenceReportRow } from './report-kinds.ts';
import {
  estimatedFuel,
  fuelReportRows,
  ONGOING,
  reportDuration,
  reportTable,
  reportTitle,
  vehicleReportName,
  type ReportTableOptions,
} from './report-table.ts';

const ZONE = 'Asia/Kuala_Lumpur';
// 2026-03-02 00:00:00 in Kuala Lumpur.
const T0 = Date.UTC(2026, 2, 1, 16);
const MIN = 60_000;
const H = 60 * MIN;
const NAMES: Record<string, string> = { v1: 'WXY 1234 (Lori 1)', 'GPS100#1': 'WXY 1234 (Lori 1)' };
const options = (o: Partial<ReportTableOptions> = {}): ReportTableOptions => ({
  durationFormat: 'hms',
  timeZone: ZONE,
  litresPerKm: 0.093,
  rmPerLitre: 2.05,
  fuelPriceRm: 2,
  geofenceMinMinutes: 0,
  vehicleName: (id) => NAMES[id] ?? id,
  ...o,
});

const mileage: MileageReportRow = {
  vid: 'v1',
  startTime: T0,
  endTime: T0 + 24 * H,
  numberOfTrips: 3,
  mileage: 100,
  totalMileage: 100,
  engineDuration: 2 * H + 33 * MIN + 10_000,
  movingDuration: 2 * H + 3 * MIN + 10_000,
  idlingDuration: 30 * MIN,
  parkingDuration: 21 * H,
  disconnectedDuration: 0,
  topSpeed: 88.456,
  underWay: false,
};

const transit = (status: TransitRecord['transitStatus'], start: number, ms: number): TransitRecord => ({
  tsid: `t${start}`,
  trid: null,
  vid: 'v1',
  transitStatus: status,
  startTime: start,
  endTime: start + ms,
  duration: ms,
  totalMileage: 1.234,
  topSpeed: 40,
  avgSpeed: 20,
  totalFuel: 0,
  startAddress: 'Klang',
  endAddress: null,
  startLocation: { lat: 3, lon: 101 },
  endLocation: { lat: 3, lon: 101 },
  createdAt: start,
});

describe('reportDuration', () => {
  it.each([
    [2 * H + 3 * MIN + 10_000, 'hms', '2 hrs 3 mins'],
    [2 * H + 3 * MIN + 10_000, 'decimal', 2.05],
    [90_000, 'hms', '1 mins 30 secs'],
    [90_000, 'decimal', 0.03],
    [null, 'hms', 'N/A'],
    [Number.NaN, 'decimal', null],
  ] as const)('%s ms as %s is %s', (ms, format, want) => {
    expect(reportDuration(ms, format)).toBe(want);
  });
});

describe('reportTable', () => {
  it('mileage: the vehicle by plate and name, both duration formats, estimated litres and RM', () => {
    const hms = reportTable({ kind: 'mileage', rows: [mileage] }, options());
    expect(hms.columns.map((c) => c.label)).toEqual([
      'Vehicle',
      'Start Time',
      'End Time',
      'Trips',
      'Mileage (km)',
      'Engine',
      'Moving',
      'Idling',
      'Parking',
      'Disconnected',
      'Top Speed (km/h)',
      'Estimated Fuel (L)',
      'Estimated Expenses (RM)',
      'Status',
    ]);
    expect(hms.rows[0]).toEqual({
      vehicle: 'WXY 1234 (Lori 1)',
      start: '2026-03-02 00:00:00',
      end: '2026-03-03 00:00:00',
      trips: 3,
      mileage: 100,
      engine: '2 hrs 33 mins',
      moving: '2 hrs 3 mins',
      idling: '30 mins 0 secs',
      parking: '21 hrs 0 mins',
      disconnected: '0 mins 0 secs',
      topSpeed: 88.46,
      estLitres: 9.3,
      estRm: 19.07,
      status: '',
    });
    const decimal = reportTable({ kind: 'mileage', rows: [mileage] }, options({ durationFormat: 'decimal' }));
    expect(decimal.columns[6]?.label).toBe('Moving (hours)');
    expect(decimal.rows[0]).toMatchObject({ engine: 2.55, moving: 2.05, idling: 0.5, parking: 21, disconnected: 0 });
    const underWay = reportTable({ kind: 'mileage', rows: [{ ...mileage, underWay: true }] }, options());
    expect(underWay.rows[0]?.status).toBe('UNDER WAY');
  });

  it('transit: a record under way says so in its status', () => {
    const rows = reportTable(
      { kind: 'transit', rows: [{ ...transit('MOVING', T0, H), underWay: true }] },
      options(),
    ).rows;
    expect(rows[0]?.status).toBe('MOVING (UNDER WAY)');
  });

  it('trip: a trip under way says so in its status', () => {
    const trip = {
      trid: 't1',
      vid: 'v1',
      tripStatus: 'PARKING' as const,
      startTime: T0,
      endTime: T0 + H,
      totalDistance: 0,
      topSpeed: 0,
      totalMovingDuration: 0,
      totalIdlingDuration: 0,
      numberOfEvents: 0,
      underWay: true,
    };
    expect(reportTable({ kind: 'trip', rows: [trip] }, options()).rows[0]?.status).toBe('PARKING (UNDER WAY)');
  });

  it('estimated fuel follows the inputs', () => {
    const rows = reportTable(
      { kind: 'dailyMileage', rows: [{ ...mileage, date: '2026-03-02' }] },
      options({ litresPerKm: 0.1, rmPerLitre: 3 }),
    ).rows;
    expect(rows[0]).toEqual({
      vehicle: 'WXY 1234 (Lori 1)',
      date: '2026-03-02',
      mileage: 100,
      estLitres: 10,
      estRm: 30,
    });
    expect(estimatedFuel(8, 0.093, 2.05)).toEqual({ litres: 8 * 0.093, rm: 8 * 0.093 * 2.05 });
  });

  it('idling and parking keep only their own transit rows', () => {
    const rows = [
      transit('PARKING', T0, 5 * MIN),
      transit('MOVING', T0 + 5 * MIN, 10 * MIN),
      transit('IDLING', T0 + 15 * MIN, 3 * MIN),
    ];
    expect(reportTable({ kind: 'transit', rows }, options()).rows.map((r) => r['status'])).toEqual([
      'PARKING',
      'MOVING',
      'IDLING',
    ]);
    expect(reportTable({ kind: 'idling', rows }, options()).rows).toEqual([
      expect.objectContaining({
        status: 'IDLING',
        duration: '3 mins 0 secs',
        distance: 1.23,
        start: '2026-03-02 00:15:00',
      }),
    ]);
    expect(reportTable({ kind: 'parking', rows }, options()).rows.map((r) => r['status'])).toEqual(['PARKING']);
  });

  it('disconnect: ONGOING without an end', () => {
    const open: DisconnectReportRow = {
      vid: 'v1',
      startTime: T0,
      endTime: null,
      duration: H,
      startLocation: null,
      startAddress: null,
    };
    const rows = reportTable({ kind: 'disconnect', rows: [open, { ...open, endTime: T0 + H }] }, options()).rows;
    expect(rows.map((r) => r['end'])).toEqual([ONGOING, '2026-03-02 01:00:00']);
  });

  it('geofence: stays longer than the duration filter', () => {
    const stay = (minutes: number): GeofenceReportRow => ({
      vid: 'v1',
      geoid: 'g',
      geofenceName: 'Depot',
      geoType: 'Polygon',
      enterTime: T0,
      exitTime: T0 + minutes * MIN,
      duration: minutes * MIN,
      enterLocation: { lat: 3, lon: 101 },
      exitLocation: null,
    });
    const rows = [stay(1), stay(3), stay(12)];
    expect(reportTable({ kind: 'geofence', rows }, options()).rows).toHaveLength(3);
    expect(
      reportTable({ kind: 'geofence', rows }, options({ geofenceMinMinutes: 2 })).rows.map((r) => r['duration']),
    ).toEqual(['3 mins 0 secs', '12 mins 0 secs']);
    expect(reportTable({ kind: 'geofence', rows }, options({ geofenceMinMinutes: 10 })).rows).toHaveLength(1);
  });

  it('event: the chosen types only, with the event title', () => {
    const event = (eventType: AlertEvent['eventType'], eventName: string, speed: number | null): AlertEvent => ({
      evid: eventName,
      vid: 'v1',
      dvid: 'GPS100#1',
      eventName,
      eventType,
      location: null,
      createdAt: T0,
      eventCreatedAt: T0,
      address: null,
      speed,
      eventResult: 1,
      ruid: null,
      rtid: null,
      geoid: null,
      alarm: null,
    });
    const rows = [event('WARNING', 'OVERSPEED', 101.5), event('INFO', 'IGNITION ON', null)];
    expect(reportTable({ kind: 'event', rows }, options()).rows).toHaveLength(2);
    const warnings = reportTable({ kind: 'event', rows }, options({ eventTypes: ['WARNING'] })).rows;
    expect(warnings).toEqual([
      expect.objectContaining({ type: 'WARNING', event: 'OVERSPEED 101.50 KM/H', speed: 101.5 }),
    ]);
  });

  it('fuel kinds: refuels priced at the fuel price, usage and daily usage from the fuel report', () => {
    const usage = {
      vid: 'v1',
      tank: 'fuel',
      date: null,
      startTime: T0,
      endTime: T0 + 24 * H,
      startLitres: 40,
      endLitres: 60,
      refuelLitres: 30,
      lossLitres: 0,
      consumedLitres: 10,
      movingLitres: 8,
      idlingLitres: 2,
      parkingLitres: 0,
      mileage: 100,
      litresPer100Km: 10,
    };
    const report: FuelReport = {
      vid: 'v1',
      tank: 'fuel',
      usage,
      daily: [{ ...usage, date: '2026-03-02' }],
      refuels: [
        {
          vid: 'v1',
          tank: 'fuel',
          startTime: T0,
          endTime: T0 + 5 * MIN,
          startLitres: 20,
          endLitres: 50,
          litres: 30,
          location: null,
        },
      ],
      losses: [],
    };
    const refuel = reportTable({ kind: 'refuel', rows: fuelReportRows('refuel', [report]) }, options()).rows;
    expect(refuel[0]).toMatchObject({ litres: 30, cost: 60 });
    const daily = reportTable({ kind: 'dailyFuelUsage', rows: fuelReportRows('dailyFuelUsage', [report]) }, options());
    expect(daily.columns.map((c) => c.key)).toContain('date');
    expect(daily.rows[0]).toMatchObject({ date: '2026-03-02', consumedLitres: 10, cost: 20 });
    const whole = reportTable({ kind: 'fuelUsage', rows: fuelReportRows('fuelUsage', [report]) }, options());
    expect(whole.rows[0]).toMatchObject({ start: '2026-03-02 00:00:00', per100Km: 10 });
  });

  it('every row has a cell for every column', () => {
    const table = reportTable({ kind: 'mileage', rows: [mileage] }, options());
    for (const row of table.rows) expect(Object.keys(row).sort()).toEqual(table.columns.map((c) => c.key).sort());
  });
});

describe('names and title', () => {
  it('plate and name; the plate alone when they are the same', () => {
    expect(vehicleReportName({ vehiclePlate: 'WXY 1234', vehicleDisplayName: 'Lori 1' })).toBe('WXY 1234 (Lori 1)');
    expect(vehicleReportName({ vehiclePlate: 'WXY 1234', vehicleDisplayName: 'WXY 1234' })).toBe('WXY 1234');
  });
  it('the title names the kind, the window and the vehicles', () => {
    expect(reportTitle('refuel', T0, T0 + 24 * H, ['A', 'B'], ZONE)).toBe(
      'Refuel Report, 2026-03-02 00:00:00 to 2026-03-03 00:00:00: A, B',
    );
  });
});
