import { isAlarm } from '@jejak/domain';
import type { EventRow } from '../../storage/ingest/rows.ts';
import type { Batch, BatchEvent } from '../commit/batch.ts';
import { applyParkedLogs, parkedLogs, transitRow, vehicleLogRow } from '../rows.ts';
import type { HeldState, Step } from '../types.ts';

/**
 * The last stage of a live message: its rows into the open batch — the device-log row, and for a
 * vehicle its transit records, trips, vehicle-log row (with the rows before it found to be a
 * parking), geofence stays and crossings, and events — and the device's state rows marked due.
 */
export function batchRows(
  b: Batch,
  state: HeldState,
  step: Step,
  events: readonly EventRow[],
  receivedAtMs: number,
): void {
  const dvid = state.device.dvid;
  b.logs.push(step.log);
  const vehicle = state.vehicle;
  if (vehicle) {
    const vid = vehicle.vid;
    b.deviceOfVehicle.set(vid, dvid);
    for (const t of step.transits) b.transits.push(transitRow(t, vid, receivedAtMs));
    for (const t of step.trips) b.trips.push({ ...t, vid, createdAt: receivedAtMs });
    const parked = parkedLogs(state, step);
    if (parked) {
      applyParkedLogs(b.vehicleLogs, parked);
      b.parkedLogs.push(parked);
    }
    const row = vehicleLogRow(state, step, receivedAtMs);
    if (row) b.vehicleLogs.push(row);
    if (step.geofence) {
      b.geofenceRecords.push(...step.geofence.records);
      b.profiled.set(dvid, state);
      for (const crossing of step.geofence.crossings) b.crossings.push({ dvid, crossing });
    }
    for (const row of events) b.events.push({ row, item: notifyItem(row, vehicle) });
  }
  if (step.latestChanged) b.touched.set(dvid, state);
  b.applied.set(dvid, state);
}

/** What the live channel and the notifier are told of a stored event. */
export function notifyItem(
  e: EventRow,
  vehicle: { vehicleDisplayName: string; vehiclePlate: string },
): BatchEvent['item'] {
  return {
    evid: e.evid,
    vid: e.vid,
    dvid: e.dvid,
    eventName: e.eventName,
    eventType: e.eventType,
    location: e.lat === null || e.lon === null ? null : { lat: e.lat, lon: e.lon },
    createdAt: e.createdAt,
    eventCreatedAt: e.eventTime,
    address: e.address,
    speed: e.speed,
    eventResult: e.eventResult,
    ruid: e.ruid,
    rtid: e.rtid,
    geoid: e.geoid,
    alarm: isAlarm(e.alarm) ? e.alarm : null,
    vehicleDisplayName: vehicle.vehicleDisplayName,
    vehiclePlate: vehicle.vehiclePlate,
  };
}
