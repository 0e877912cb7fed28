import type { GeofenceCrossing } from '@jejak/domain';
import type { BusTopics } from '../../bus/bus.ts';
import type {
  DeviceLogRow,
  DeviceStateRow,
  EventRow,
  GeofenceProfileRow,
  GeofenceRecordRow,
  ParkedLogs,
  PipelineStateRow,
  TransitRow,
  TripRow,
  VehicleLogRow,
  VehicleStateRow,
} from '../../storage/ingest/rows.ts';
import { deviceRow, vehicleRow } from '../rows.ts';
import { resumableJson } from '../state/resume.ts';
import type { HeldState } from '../types.ts';

/** A message (or a recompute) waiting for the commit of the batch that holds its rows. */
export interface Waiter {
  dvid: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export type FleetUpdate = BusTopics['fleet.update'];

/** An event raised by a message, with what is announced of it once stored. */
export interface BatchEvent {
  row: EventRow;
  item: BusTopics['event.stored']['items'][number];
}

/** The rows of a group commit, and who waits for it (DESIGN §1). */
export interface Batch {
  logs: DeviceLogRow[];
  vehicleLogs: VehicleLogRow[];
  /** Stored vehicle-log rows found to be a parking (this batch's own are rewritten in memory). */
  parkedLogs: ParkedLogs[];
  transits: TransitRow[];
  trips: TripRow[];
  /** Devices whose device row (and vehicle row) is due. */
  touched: Map<string, HeldState>;
  /** Devices whose state this batch's messages moved on: their pipeline-state row may be due. */
  applied: Map<string, HeldState>;
  waiters: Waiter[];
  /** The device each vehicle row belongs to, to split a failed batch by device. */
  deviceOfVehicle: Map<string, string>;
  /** Rows of the state as it stood when the batch was sealed, consistent with the rows above. */
  devices: DeviceStateRow[];
  vehicles: VehicleStateRow[];
  states: PipelineStateRow[];
  /** What the live channel is told once the batch is committed: the state its rows lead to. */
  updates: FleetUpdate[];
  geofenceRecords: GeofenceRecordRow[];
  /** Vehicles whose geofence profile changed, by dvid: written as it stands when sealed. */
  profiled: Map<string, HeldState>;
  geofenceProfiles: GeofenceProfileRow[];
  crossings: { dvid: string; crossing: GeofenceCrossing }[];
  /** Events raised by the batch's messages, with what is announced of each once stored. */
  events: BatchEvent[];
  /** The evids the commit inserted (a replayed event already stored is not announced again). */
  storedEvids: Set<string>;
}

export function newBatch(): Batch {
  return {
    logs: [],
    vehicleLogs: [],
    parkedLogs: [],
    transits: [],
    trips: [],
    touched: new Map(),
    applied: new Map(),
    waiters: [],
    deviceOfVehicle: new Map(),
    devices: [],
    vehicles: [],
    states: [],
    updates: [],
    geofenceRecords: [],
    profiled: new Map(),
    geofenceProfiles: [],
    crossings: [],
    events: [],
    storedEvids: new Set(),
  };
}

/**
 * Fixes the batch's device, vehicle and pipeline-state rows at the moment it is sealed: the
 * state then is the one its rows lead to, even if later messages move it on before it commits.
 */
export function seal(b: Batch): void {
  for (const s of b.touched.values()) {
    b.devices.push(deviceRow(s));
    // Not the state at commit time: later messages may have moved it on by then, and a fix is
    // shown live only once it is stored.
    b.updates.push({ device: { ...s.device }, vehicle: s.vehicle && { ...s.vehicle } });
    if (!s.vehicle || !s.transit) continue;
    b.vehicles.push(vehicleRow(s.vehicle.vid, s.transit, s.vehicle.mileage));
    b.deviceOfVehicle.set(s.vehicle.vid, s.device.dvid);
  }
  for (const s of b.profiled.values()) {
    if (!s.vehicle || !s.transit) continue;
    b.geofenceProfiles.push({
      vid: s.vehicle.vid,
      profile: JSON.stringify(s.geofences.profile),
      updatedAt: s.transit.updatedAt,
    });
  }
  for (const s of b.applied.values()) {
    const json = resumableJson(s);
    if (json === s.saved.json && s.lateSinceMs === s.saved.lateSinceMs) continue;
    s.saved = { seq: s.saved.seq + 1, json, lateSinceMs: s.lateSinceMs };
    b.states.push({ dvid: s.device.dvid, seq: s.saved.seq, state: json, lateSince: s.lateSinceMs });
  }
}

/** One batch per device, so a device whose rows the store refuses cannot fail the others. */
export function splitByDevice(b: Batch): Batch[] {
  const parts = new Map<string, Batch>();
  const part = (dvid: string): Batch => {
    let p = parts.get(dvid);
    if (!p) parts.set(dvid, (p = newBatch()));
    return p;
  };
  const ofVehicle = (vid: string) => part(b.deviceOfVehicle.get(vid) ?? `vid:${vid}`);
  for (const l of b.logs) part(l.dvid).logs.push(l);
  for (const v of b.vehicleLogs) ofVehicle(v.vid).vehicleLogs.push(v);
  for (const p of b.parkedLogs) ofVehicle(p.vid).parkedLogs.push(p);
  for (const t of b.transits) ofVehicle(t.vid).transits.push(t);
  for (const t of b.trips) ofVehicle(t.vid).trips.push(t);
  for (const v of b.vehicles) ofVehicle(v.vid).vehicles.push(v);
  for (const d of b.devices) part(d.dvid).devices.push(d);
  for (const st of b.states) part(st.dvid).states.push(st);
  for (const u of b.updates) part(u.device.dvid).updates.push(u);
  for (const r of b.geofenceRecords) ofVehicle(r.vid).geofenceRecords.push(r);
  for (const r of b.geofenceProfiles) ofVehicle(r.vid).geofenceProfiles.push(r);
  for (const c of b.crossings) part(c.dvid).crossings.push(c);
  for (const e of b.events) part(e.row.dvid).events.push(e);
  for (const [dvid, s] of b.profiled) part(dvid).profiled.set(dvid, s);
  for (const [dvid, s] of b.touched) part(dvid).touched.set(dvid, s);
  for (const [dvid, s] of b.applied) part(dvid).applied.set(dvid, s);
  for (const w of b.waiters) part(w.dvid).waiters.push(w);
  return [...parts.values()];
}
