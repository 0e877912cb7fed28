import type { CommandType } from '@jejak/contract';
import type { EventType, StoredGeofenceProfile, TransitRecordValue, TripRecordValue, Vehicle } from '@jejak/domain';

/*
 * The rows the pipeline hands to storage, and what storage hands back to it: the one door between
 * the pipeline (and gateway) and the ingest writers. Imports nothing but the domain.
 */

export type DevicePackage =
  | 'auth'
  | 'heartbeat'
  | 'gps#latest'
  | 'gps#memory'
  | 'event#session#error'
  | 'event#session#close'
  | 'event#session#timeout';

export interface DeviceLogRow {
  dvid: string;
  deviceTime: number;
  package: DevicePackage;
  packageTime: number | null;
  createdAt: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  altitude: number | null;
  heading: number | null;
  /** Litres in all the vehicle's tanks by this message's readings; null when unknown. */
  fuel: number | null;
  gpsStatus: boolean | null;
  engineStatus: boolean | null;
  isAlive: boolean | null;
  deviceMessage: string | null;
  attributes: Record<string, unknown> | null;
}

/**
 * A webhook signal (migration 037): a geofence crossing or a tracker coming online or going
 * offline, for the webhooks that take its kind. `vid`, or the vehicle of `dvid` when null.
 */
export interface WebhookSignalRow {
  kind: string;
  vid: string | null;
  dvid: string | null;
  at: number;
  /** The signal's body, JSON. */
  payload: Record<string, unknown>;
}

export interface DeviceStateRow {
  dvid: string;
  lat: number | null;
  lon: number | null;
  heading: number | null;
  speed: number | null;
  deviceTime: number | null;
  gpsStatus: boolean | null;
  engineStatus: boolean | null;
  isAlive: boolean;
  lastSeenAt: number;
  noGPSAt: number | null;
}

export interface VehicleStateRow {
  vid: string;
  transitStatus: string;
  transitFrom: number;
  updatedAt: number;
  stoppedSince: number | null;
  mileageKm: number;
}

export interface TransitRow extends TransitRecordValue {
  vid: string;
  createdAt: number;
  startAddress: string | null;
  endAddress: string | null;
}

export interface TripRow extends TripRecordValue {
  vid: string;
  createdAt: number;
}

export interface VehicleLogRow {
  vid: string;
  vehicleTime: number;
  createdAt: number;
  lat: number;
  lon: number;
  speed: number;
  address: string | null;
  tripStatus: string | null;
  tripFrom: number | null;
  transitStatus: string;
  transitFrom: number;
  mileage: number;
}

/**
 * Vehicle-log rows of `vid` from `fromMs` up to (not including) `toMs` that turned out to be a
 * parking (a stop without ignition that lasted: ADR 0036); their trip too when `trip`.
 */
export interface ParkedLogs {
  vid: string;
  fromMs: number;
  toMs: number;
  trip: boolean;
}

/** What the pipeline needs to resume a device exactly (migrations/014_pipeline_states.sql). */
export interface PipelineStateRow {
  dvid: string;
  /** Grows with each write of the device's state: an older one never overwrites a newer one. */
  seq: number;
  /** JSON text (pipeline/state/resume.ts). */
  state: string;
  /** Earliest device time of late data whose recompute has not run yet. */
  lateSince: number | null;
}

/** A device's pipeline state as stored (`state` is JSON text). */
export type StoredPipelineState = Omit<PipelineStateRow, 'dvid'>;

export interface IngestBatch {
  logs: DeviceLogRow[];
  vehicleLogs?: VehicleLogRow[];
  /** Stored vehicle-log rows to rewrite as a parking (after this batch's rows are in). */
  parkedLogs?: ParkedLogs[];
  devices: DeviceStateRow[];
  vehicles: VehicleStateRow[];
  transits?: TransitRow[];
  /** Trips made final (or extended) by this batch; rewritten by id. */
  trips?: TripRow[];
  /** The pipeline's state of the devices this batch's rows came from, as it stood after them. */
  states?: PipelineStateRow[];
  /** Geofence stays entered or left by this batch's fixes, and the vehicles' profiles after them. */
  geofenceRecords?: GeofenceRecordRow[];
  geofenceProfiles?: GeofenceProfileRow[];
  /** Events raised by this batch's messages, and the tickets they open (event-writer.ts). */
  events?: EventRow[];
  /** What this batch owes webhooks beside events: crossings, trackers online and offline (signal-writer.ts). */
  signals?: WebhookSignalRow[];
  /**
   * Filled by `write`: the evids of `events` it inserted (a replayed event already stored is
   * left out), so only those are announced.
   */
  storedEvids?: Set<string>;
  /**
   * The epoch this node holds for each device of the batch (several gateway nodes, ADR 0061):
   * the batch is refused whole if another node claimed one of them since.
   */
  owners?: { dvid: string; epoch: number }[];
}

/** Another gateway node owns these devices now: the batch holding their rows was not written. */
export class StaleOwnerError extends Error {
  constructor(readonly dvids: string[]) {
    super(`devices owned by another node now: ${dvids.join(', ')}`);
    this.name = 'StaleOwnerError';
  }
}

/**
 * A stay in a geofence as the pipeline writes it: at entry without an exit, at exit with one.
 * The enter location of an exit row is only used if its entry row is missing.
 */
export interface GeofenceRecordRow {
  vid: string;
  geoid: string;
  enterTime: number;
  exitTime: number | null;
  enterLat: number;
  enterLon: number;
  exitLat: number | null;
  exitLon: number | null;
  createdAt: number;
}

/** A vehicle's stored geofence profile (JSON text) as of the fix at `updatedAt`. */
export interface GeofenceProfileRow {
  vid: string;
  profile: string;
  updatedAt: number;
}

/** An event the pipeline raised (issue 12), with the SOS ticket it opens if any. */
export interface EventRow {
  evid: string;
  vid: string;
  dvid: string;
  eventName: string;
  eventType: EventType;
  lat: number | null;
  lon: number | null;
  address: string | null;
  speed: number | null;
  eventResult: 0 | 1;
  ruid: string | null;
  rtid: string | null;
  geoid: string | null;
  alarm: string | null;
  /** Device time of the message that raised it. */
  eventTime: number;
  createdAt: number;
  /** The ticket this event opens (CRITICAL and violated), or null. */
  ticketId: string | null;
}

/** A vehicle as the pipeline loads it, with when it stopped (if it stands) and its stored geofence profile. */
export type FittedVehicle = Vehicle & { stoppedSince: number | null; geofenceState?: StoredGeofenceProfile };

/** A second live connection took `dvid` over from the one at `previousRemote` (ADR 0034). */
export interface DeviceConflictRow {
  dvid: string;
  protocol: string;
  imei: string;
  remote: string;
  previousRemote: string;
  nowMs: number;
}

/** A stored fix, as the recompute replays it. */
export interface StoredFix {
  deviceTime: number;
  createdAt: number;
  /** Null in a record without a fix that still carries the ignition. */
  lat: number | null;
  lon: number | null;
  speed: number | null;
  heading: number | null;
  valid: boolean;
  ignition: boolean | null;
  attributes: Record<string, unknown> | null;
}

export interface RecomputedWindow {
  vid: string;
  fromMs: number;
  transits: TransitRow[];
  trips: TripRow[];
  vehicleLogs: VehicleLogRow[];
  mileageKm: number;
  /** The replay's geofence stays; null leaves the geofence records alone (fences not loaded). */
  geofenceRecords: GeofenceRecordRow[] | null;
  /**
   * The device and the epoch this node holds it at (several gateway nodes, ADR 0061): the window
   * is refused whole (StaleOwnerError) if another node claimed the device since, as a batch is.
   */
  owner?: { dvid: string; epoch: number };
}

/** A queued command as the gateway's courier sends it (device_commands, ADR 0090). */
export interface PendingCommand {
  cmid: string;
  dvid: string;
  type: CommandType;
  seconds: number | null;
  text: string | null;
  serial: number;
  createdAt: number;
}
