import { addressOf, type TransitRecordValue, type TransitState } from '@jejak/domain';
import type {
  DeviceLogRow,
  DevicePackage,
  DeviceStateRow,
  ParkedLogs,
  TransitRow,
  VehicleLogRow,
  VehicleStateRow,
} from '../storage/ingest/rows.ts';
import { storableText } from './stages/sanitize.ts';
import type { DeviceState, Step } from './types.ts';

/** Rows the pipeline writes, built from a device's in-memory state. */

export type SessionPackage = Extract<DevicePackage, `event#session#${string}`>;

export function sessionLogRow(dvid: string, pkg: SessionPackage, nowMs: number, message: string | null): DeviceLogRow {
  return {
    dvid,
    deviceTime: nowMs,
    package: pkg,
    packageTime: null,
    createdAt: nowMs,
    lat: null,
    lon: null,
    speed: null,
    altitude: null,
    heading: null,
    fuel: null,
    gpsStatus: null,
    engineStatus: null,
    isAlive: pkg === 'event#session#error',
    deviceMessage: message === null ? null : storableText(message),
    attributes: null,
  };
}

export function deviceRow(s: DeviceState): DeviceStateRow {
  const d = s.device;
  return {
    dvid: d.dvid,
    lat: d.location?.lat ?? null,
    lon: d.location?.lon ?? null,
    heading: d.heading,
    speed: d.speed,
    deviceTime: d.deviceTime,
    gpsStatus: d.gpsStatus,
    engineStatus: d.engineStatus,
    isAlive: d.isAlive,
    lastSeenAt: s.lastSeenAtMs,
    noGPSAt: d.noGPSAt ?? null,
  };
}

export function vehicleRow(vid: string, t: TransitState, mileageKm: number): VehicleStateRow {
  return {
    vid,
    transitStatus: t.status,
    transitFrom: t.transitFrom,
    updatedAt: t.updatedAt,
    stoppedSince: t.stoppedSince,
    mileageKm,
  };
}

/** The vehicle-log row of a fix that moved the vehicle's state on, or null. */
export function vehicleLogRow(s: DeviceState, step: Step, receivedAtMs: number): VehicleLogRow | null {
  if (!step.moved || !s.vehicle || !s.transit || !s.device.location) return null;
  return {
    vid: s.vehicle.vid,
    vehicleTime: s.transit.updatedAt,
    createdAt: receivedAtMs,
    lat: s.device.location.lat,
    lon: s.device.location.lon,
    speed: s.device.speed ?? 0,
    // Filled in when read (records-repo): a pure function of the position, and a fix is stored
    // far more often than it is read (ADR 0016).
    address: null,
    tripStatus: step.trip?.tripStatus ?? null,
    tripFrom: step.trip?.tripFrom ?? null,
    transitStatus: s.transit.status,
    transitFrom: s.transit.transitFrom,
    mileage: s.vehicle.mileage,
  };
}

/**
 * The vehicle-log rows a step found to belong to a parking (a stop without ignition that has
 * lasted: ADR 0036), or null. Their trip is the parking too once it is one (`step.trip`).
 */
export function parkedLogs(s: DeviceState, step: Step): ParkedLogs | null {
  const p = step.parkedFrom;
  if (!p || !s.vehicle) return null;
  const trip = step.trip?.tripStatus === 'PARKING' && step.trip.tripFrom === p.fromMs;
  return { vid: s.vehicle.vid, fromMs: p.fromMs, toMs: p.toMs, trip };
}

/** Rewrites rows not yet stored as `parkedLogs` says (the store does the same to stored ones). */
export function applyParkedLogs(rows: VehicleLogRow[], p: ParkedLogs): void {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (!row || row.vid !== p.vid || row.vehicleTime >= p.toMs) continue;
    if (row.vehicleTime < p.fromMs) break;
    row.transitStatus = 'PARKING';
    row.transitFrom = p.fromMs;
    if (p.trip) {
      row.tripStatus = 'PARKING';
      row.tripFrom = p.fromMs;
    }
  }
}

/** A closed transit record as stored, with its addresses. */
export function transitRow(t: TransitRecordValue, vid: string, createdAt: number): TransitRow {
  return {
    ...t,
    vid,
    createdAt,
    startAddress: addressOf(t.startLocation),
    endAddress: addressOf(t.endLocation),
  };
}
