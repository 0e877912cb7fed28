import { formatDuration } from '@jejak/domain';
import type { AlertEvent, EventType } from '../alerts/alerts.ts';
import { eventTitle } from '../alerts/event-table.ts';
import { inspectorTime } from './inspector-tables.ts';
import type { DeviceLog, TransitRecord, TripRecord } from './records.ts';
import { statusText, UNDER_WAY } from './transit-table.ts';
import type { DailyMileageReportRow, MileageReportRow } from './reports.ts';
import {
  REPORT_KIND_LABELS,
  type DisconnectReportRow,
  type DurationFormat,
  type FuelChange,
  type FuelReport,
  type FuelUsageRow,
  type GeofenceReportRow,
  type OverspeedReportRow,
  type ReportKind,
} from './report-kinds.ts';

/*
 * Vehicle Report's tables (spec 3 §2, §9; issue 13 item 3): one set of columns and words per
 * report kind, shared by the screen and the .xlsx the server writes, so both read alike. The
 * kind's filters (idling and parking rows, geofence duration, event type) and the estimated
 * fuel (litres = km × L/km, expenses = litres × RM/L) are applied here too.
 */

/** The rows each kind's calls answer. */
export interface ReportRowsByKind {
  mileage: MileageReportRow;
  dailyMileage: DailyMileageReportRow;
  trip: TripRecord;
  transit: TransitRecord;
  detail: DeviceLog;
  geofence: GeofenceReportRow;
  event: AlertEvent;
  refuel: FuelChange;
  fuelUsage: FuelUsageRow;
  dailyFuelUsage: FuelUsageRow;
  disconnect: DisconnectReportRow;
  idling: TransitRecord;
  parking: TransitRecord;
  overspeed: OverspeedReportRow;
}
export type AnyReportRows = { [K in ReportKind]: { kind: K; rows: readonly ReportRowsByKind[K][] } }[ReportKind];

export interface ReportTableOptions {
  durationFormat: DurationFormat;
  timeZone: string;
  litresPerKm: number;
  rmPerLitre: number;
  /** Refuel and fuel usage cost, RM per litre. */
  fuelPriceRm: number;
  /** Geofence report: stays longer than this many minutes; 0 keeps all. */
  geofenceMinMinutes: number;
  /** Event report: the types kept; all when left out. */
  eventTypes?: readonly EventType[] | undefined;
  /** What a vid (or, for the detail report, a dvid) is called: plate and name. */
  vehicleName: (id: string) => string;
}

export type ReportCell = string | number | null;
export interface ReportColumn {
  key: string;
  label: string;
}
export interface ReportTable {
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
}

/** End of a span that is still open (spec 3 §2: disconnects without an end). */
export const ONGOING = 'ONGOING';
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const round2 = (n: number | null | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) / 100 : null;

/** A duration in the export's format: '2 hrs 3 mins' (domain formatDuration), or decimal hours. */
export function reportDuration(ms: number | null | undefined, format: DurationFormat): ReportCell {
  if (format === 'hms') return formatDuration(ms);
  return typeof ms === 'number' && Number.isFinite(ms) ? round2(Math.max(0, ms) / HOUR_MS) : null;
}

/** Estimated fuel of a distance (spec 3 §2): litres = km × L/km; expenses = litres × RM/L. */
export function estimatedFuel(km: number, litresPerKm: number, rmPerLitre: number): { litres: number; rm: number } {
  const litres = km * litresPerKm;
  return { litres, rm: litres * rmPerLitre };
}

/** A vehicle in the label of the screen's picker and the tables: plate and name. */
export function vehicleReportName(v: { vehiclePlate: string; vehicleDisplayName: string }): string {
  return v.vehicleDisplayName && v.vehicleDisplayName !== v.vehiclePlate
    ? `${v.vehiclePlate} (${v.vehicleDisplayName})`
    : v.vehiclePlate;
}

/** The fuel report's rows for one of the fuel kinds: refuels, usage over the window, or per day. */
export function fuelReportRows(kind: 'refuel', reports: readonly FuelReport[]): FuelChange[];
export function fuelReportRows(kind: 'fuelUsage' | 'dailyFuelUsage', reports: readonly FuelReport[]): FuelUsageRow[];
export function fuelReportRows(
  kind: 'refuel' | 'fuelUsage' | 'dailyFuelUsage',
  reports: readonly FuelReport[],
): FuelChange[] | FuelUsageRow[] {
  if (kind === 'refuel') return reports.flatMap((r) => r.refuels);
  return kind === 'fuelUsage' ? reports.map((r) => r.usage) : reports.flatMap((r) => r.daily);
}

type Build<K extends ReportKind> = (rows: readonly ReportRowsByKind[K][], o: ReportTableOptions) => ReportTable;

const col = (key: string, label: string): ReportColumn => ({ key, label });
const durationCol = (key: string, label: string, o: ReportTableOptions) =>
  col(key, o.durationFormat === 'decimal' ? `${label} (hours)` : label);
const time = (ms: number | null, o: ReportTableOptions) => inspectorTime(ms, o.timeZone);
const estimateCols = [col('estLitres', 'Estimated Fuel (L)'), col('estRm', 'Estimated Expenses (RM)')];
function estimates(km: number, o: ReportTableOptions) {
  const e = estimatedFuel(km, o.litresPerKm, o.rmPerLitre);
  return { estLitres: round2(e.litres), estRm: round2(e.rm) };
}

const transitTable: Build<'transit'> = (rows, o) => ({
  columns: [
    col('vehicle', 'Vehicle'),
    col('status', 'Status'),
    col('start', 'Start Time'),
    col('end', 'End Time'),
    durationCol('duration', 'Duration', o),
    col('distance', 'Distance (km)'),
    col('topSpeed', 'Top Speed (km/h)'),
    col('avgSpeed', 'Average Speed (km/h)'),
    col('startAddress', 'Start Address'),
    col('endAddress', 'End Address'),
  ],
  rows: rows.map((r) => ({
    vehicle: o.vehicleName(r.vid),
    status: statusText(r.transitStatus, r.underWay),
    start: time(r.startTime, o),
    end: time(r.endTime, o),
    duration: reportDuration(r.duration, o.durationFormat),
    distance: round2(r.totalMileage),
    topSpeed: round2(r.topSpeed),
    avgSpeed: round2(r.avgSpeed),
    startAddress: r.startAddress,
    endAddress: r.endAddress,
  })),
});

const fuelUsageColumns = (daily: boolean): ReportColumn[] => [
  col('vehicle', 'Vehicle'),
  col('tank', 'Tank'),
  ...(daily ? [col('date', 'Date')] : [col('start', 'Start Time'), col('end', 'End Time')]),
  col('startLitres', 'Start Level (L)'),
  col('endLitres', 'End Level (L)'),
  col('refuelLitres', 'Refuelled (L)'),
  col('lossLitres', 'Potential Loss (L)'),
  col('consumedLitres', 'Consumed (L)'),
  col('movingLitres', 'Moving (L)'),
  col('idlingLitres', 'Idling (L)'),
  col('parkingLitres', 'Parking (L)'),
  col('mileage', 'Mileage (km)'),
  col('per100Km', 'L/100 km'),
  col('cost', 'Cost (RM)'),
];
const fuelUsageTable =
  (daily: boolean): Build<'fuelUsage' | 'dailyFuelUsage'> =>
  (rows, o) => ({
    columns: fuelUsageColumns(daily),
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.vid),
      tank: r.tank,
      ...(daily ? { date: r.date } : { start: time(r.startTime, o), end: time(r.endTime, o) }),
      startLitres: round2(r.startLitres),
      endLitres: round2(r.endLitres),
      refuelLitres: round2(r.refuelLitres),
      lossLitres: round2(r.lossLitres),
      consumedLitres: round2(r.consumedLitres),
      movingLitres: round2(r.movingLitres),
      idlingLitres: round2(r.idlingLitres),
      parkingLitres: round2(r.parkingLitres),
      mileage: round2(r.mileage),
      per100Km: round2(r.litresPer100Km),
      cost: round2(r.consumedLitres * o.fuelPriceRm),
    })),
  });

const location = (p: { lat: number; lon: number } | null, prefix: string) => ({
  [`${prefix}Lat`]: p?.lat ?? null,
  [`${prefix}Lon`]: p?.lon ?? null,
});

const BUILDERS: { [K in ReportKind]: Build<K> } = {
  mileage: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('start', 'Start Time'),
      col('end', 'End Time'),
      col('trips', 'Trips'),
      col('mileage', 'Mileage (km)'),
      durationCol('engine', 'Engine', o),
      durationCol('moving', 'Moving', o),
      durationCol('idling', 'Idling', o),
      durationCol('parking', 'Parking', o),
      durationCol('disconnected', 'Disconnected', o),
      col('topSpeed', 'Top Speed (km/h)'),
      ...estimateCols,
      col('status', 'Status'),
    ],
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.vid),
      start: time(r.startTime, o),
      end: time(r.endTime, o),
      trips: r.numberOfTrips,
      mileage: round2(r.totalMileage),
      engine: reportDuration(r.engineDuration, o.durationFormat),
      moving: reportDuration(r.movingDuration, o.durationFormat),
      idling: reportDuration(r.idlingDuration, o.durationFormat),
      parking: reportDuration(r.parkingDuration, o.durationFormat),
      disconnected: reportDuration(r.disconnectedDuration, o.durationFormat),
      topSpeed: round2(r.topSpeed),
      ...estimates(r.mileage, o),
      status: r.underWay ? UNDER_WAY : '',
    })),
  }),
  dailyMileage: (rows, o) => ({
    columns: [col('vehicle', 'Vehicle'), col('date', 'Date'), col('mileage', 'Mileage (km)'), ...estimateCols],
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.vid),
      date: r.date,
      mileage: round2(r.mileage),
      ...estimates(r.mileage, o),
    })),
  }),
  trip: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('status', 'Trip Status'),
      col('start', 'Start Time'),
      col('end', 'End Time'),
      durationCol('duration', 'Duration', o),
      col('distance', 'Distance (km)'),
      col('topSpeed', 'Top Speed (km/h)'),
      durationCol('moving', 'Moving', o),
      durationCol('idling', 'Idling', o),
      col('events', 'Events'),
    ],
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.vid),
      status: statusText(r.tripStatus, r.underWay),
      start: time(r.startTime, o),
      end: time(r.endTime, o),
      duration: reportDuration(r.endTime - r.startTime, o.durationFormat),
      distance: round2(r.totalDistance),
      topSpeed: round2(r.topSpeed),
      moving: reportDuration(r.totalMovingDuration, o.durationFormat),
      idling: reportDuration(r.totalIdlingDuration, o.durationFormat),
      events: r.numberOfEvents,
    })),
  }),
  transit: transitTable,
  idling: (rows, o) =>
    transitTable(
      rows.filter((r) => r.transitStatus === 'IDLING'),
      o,
    ),
  parking: (rows, o) =>
    transitTable(
      rows.filter((r) => r.transitStatus === 'PARKING'),
      o,
    ),
  detail: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('deviceTime', 'Device Time'),
      col('serverTime', 'Server Time'),
      col('package', 'Data Package'),
      col('message', 'Message'),
      col('gps', 'GPS Status'),
      col('acc', 'ACC'),
      col('lat', 'Latitude'),
      col('lon', 'Longitude'),
      col('speed', 'Speed (km/h)'),
      col('heading', 'Direction'),
      col('fuel', 'Fuel'),
    ],
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.dvid),
      deviceTime: time(r.deviceTime, o),
      serverTime: time(r.createdAt, o),
      package: r.devicePackage,
      message: r.deviceMessage,
      gps: r.gpsStatus === null ? null : r.gpsStatus ? 'Valid' : 'Invalid',
      acc: r.engineStatus === null ? null : r.engineStatus ? 'ON' : 'OFF',
      lat: r.location?.lat ?? null,
      lon: r.location?.lon ?? null,
      speed: round2(r.speed),
      heading: r.heading,
      fuel: r.fuel === null || r.fuel === undefined ? null : JSON.stringify(r.fuel),
    })),
  }),
  geofence: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('geofence', 'Geofence'),
      col('type', 'Type'),
      col('enter', 'Enter Time'),
      col('exit', 'Exit Time'),
      durationCol('duration', 'Duration', o),
    ],
    rows: rows
      .filter((r) => o.geofenceMinMinutes <= 0 || r.duration > o.geofenceMinMinutes * MINUTE_MS)
      .map((r) => ({
        vehicle: o.vehicleName(r.vid),
        geofence: r.geofenceName,
        type: r.geoType,
        enter: time(r.enterTime, o),
        exit: r.exitTime === null ? ONGOING : time(r.exitTime, o),
        duration: reportDuration(r.duration, o.durationFormat),
      })),
  }),
  event: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('time', 'Time'),
      col('type', 'Event Type'),
      col('event', 'Event'),
      col('speed', 'Speed (km/h)'),
      col('address', 'Address'),
      col('lat', 'Latitude'),
      col('lon', 'Longitude'),
    ],
    rows: rows
      .filter((r) => o.eventTypes === undefined || o.eventTypes.includes(r.eventType))
      .map((r) => ({
        vehicle: o.vehicleName(r.vid),
        time: time(r.eventCreatedAt, o),
        type: r.eventType,
        event: eventTitle(r),
        speed: round2(r.speed),
        address: r.address,
        lat: r.location?.lat ?? null,
        lon: r.location?.lon ?? null,
      })),
  }),
  refuel: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('tank', 'Tank'),
      col('start', 'Start Time'),
      col('end', 'End Time'),
      col('startLitres', 'Start Level (L)'),
      col('endLitres', 'End Level (L)'),
      col('litres', 'Refuelled (L)'),
      col('cost', 'Cost (RM)'),
      col('lat', 'Latitude'),
      col('lon', 'Longitude'),
    ],
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.vid),
      tank: r.tank,
      start: time(r.startTime, o),
      end: time(r.endTime, o),
      startLitres: round2(r.startLitres),
      endLitres: round2(r.endLitres),
      litres: round2(r.litres),
      cost: round2(r.litres * o.fuelPriceRm),
      lat: r.location?.lat ?? null,
      lon: r.location?.lon ?? null,
    })),
  }),
  fuelUsage: fuelUsageTable(false),
  dailyFuelUsage: fuelUsageTable(true),
  disconnect: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('start', 'Start Time'),
      col('end', 'End Time'),
      durationCol('duration', 'Duration', o),
      col('address', 'Address'),
      col('lat', 'Latitude'),
      col('lon', 'Longitude'),
    ],
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.vid),
      start: time(r.startTime, o),
      end: r.endTime === null ? ONGOING : time(r.endTime, o),
      duration: reportDuration(r.duration, o.durationFormat),
      address: r.startAddress,
      lat: r.startLocation?.lat ?? null,
      lon: r.startLocation?.lon ?? null,
    })),
  }),
  overspeed: (rows, o) => ({
    columns: [
      col('vehicle', 'Vehicle'),
      col('rule', 'Rule'),
      col('speed', 'Top Speed (km/h)'),
      col('limit', 'Speed Limit (km/h)'),
      col('start', 'Start Time'),
      col('end', 'End Time'),
      durationCol('duration', 'Duration', o),
      col('distance', 'Distance (km)'),
      col('startLat', 'Start Latitude'),
      col('startLon', 'Start Longitude'),
      col('endLat', 'End Latitude'),
      col('endLon', 'End Longitude'),
    ],
    rows: rows.map((r) => ({
      vehicle: o.vehicleName(r.vid),
      rule: r.ruleName,
      speed: round2(r.speed),
      limit: round2(r.speedLimit),
      start: time(r.startTime, o),
      end: r.endTime === null ? ONGOING : time(r.endTime, o),
      duration: reportDuration(r.duration, o.durationFormat),
      distance: round2(r.distance),
      ...location(r.startLocation, 'start'),
      ...location(r.endLocation, 'end'),
    })),
  }),
};

/** The kind's table: its column labels and each shown row's cells, under the kind's filters. */
export function reportTable(report: AnyReportRows, options: ReportTableOptions): ReportTable {
  const build = BUILDERS[report.kind] as Build<typeof report.kind>;
  return build(report.rows, options);
}

/** The export's title line: the kind, the window and the vehicles. */
export function reportTitle(
  kind: ReportKind,
  startTime: number,
  endTime: number,
  vehicles: readonly string[],
  timeZone: string,
): string {
  return `${REPORT_KIND_LABELS[kind]}, ${inspectorTime(startTime, timeZone)} to ${inspectorTime(endTime, timeZone)}: ${vehicles.join(', ')}`;
}
