import type {
  AcceptedFix,
  Device,
  Geofence,
  GeofenceInside,
  TransitRecordValue,
  TripTrackerState,
  Vehicle,
  VehicleRules,
} from '@jejak/domain';
import type {
  FittedVehicle,
  IngestBatch,
  RecomputedWindow,
  StoredFix,
  StoredPipelineState,
} from '../storage/ingest/rows.ts';

/*
 * What the pipeline needs of the rest of the server, declared by the pipeline: it knows these
 * shapes and the rows of storage/ingest/rows.ts, never a store. The stores of storage/ingest/
 * and storage/repos/ have them as they are; roles/gateway-role.ts hands them in.
 */

/** The ingest store (storage/ingest/ingest-store.ts): the batches' commits, and the reads of a state load. */
export interface IngestPort {
  /**
   * Writes the batch in one transaction and sets `storedEvids`; rejects with StaleOwnerError
   * when another node owns one of its devices now.
   */
  write(batch: IngestBatch): Promise<unknown>;
  /** Marks DISCONNECTED the vehicles of devices silent since `cutoffMs`, but those in `skipDvids`. */
  disconnectSilent(cutoffMs: number, skipDvids: string[]): Promise<{ vehicle: Vehicle; device: Device }[]>;
  /** Devices with late data whose recompute has not run yet. */
  pendingRecomputes(): Promise<string[]>;
  pipelineStates(dvids: readonly string[]): Promise<Map<string, StoredPipelineState>>;
  /** Vehicles' transit records that start at the given times (vid → start times), by vid. */
  transitRecordsAt(startTimes: ReadonlyMap<string, readonly number[]>): Promise<Map<string, TransitRecordValue[]>>;
  tripTrackers(vids: readonly string[]): Promise<Map<string, TripTrackerState>>;
}

/** The recompute store (storage/ingest/recompute-store.ts): a late window's reads, and its rewrite. */
export interface RecomputePort {
  /** Where a recompute for late data at `lateMs` starts, and the odometer and position there. */
  anchor(
    vid: string,
    lateMs: number,
    floorMs: number,
  ): Promise<{ fromMs: number; mileageKm: number; lastFix: AcceptedFix | null }>;
  /** The geofences the vehicle was inside at `atMs`. */
  insideAt(vid: string, atMs: number): Promise<GeofenceInside>;
  /** A device's fixes from `fromMs` on, live and from memory, oldest first. */
  fixesSince(dvid: string, fromMs: number): Promise<StoredFix[]>;
  /** Rewrites the window; rejects with StaleOwnerError when another node owns the device now. */
  replace(window: RecomputedWindow): Promise<void>;
}

/** The devices and vehicles a state load reads (storage/repos/fleet/fleet-repo.ts). */
export interface FleetReads {
  devicesByDvid(dvids: readonly string[]): Promise<Map<string, { device: Device; lastSeenAtMs: number | null }>>;
  /** The vehicle each device is fitted to, by dvid. */
  vehiclesByDvid(dvids: readonly string[]): Promise<Map<string, FittedVehicle>>;
}

/** Where the pipeline reads the geofences of vehicles' templates (storage/repos/fleet/geofence-repo.ts). */
export interface GeofenceSource {
  fencesByVid(vids: readonly string[]): Promise<Map<string, Geofence[]>>;
}

/** Where the pipeline reads vehicles' rules (storage/repos/alerts/rule-loader.ts). */
export interface RuleSource {
  rulesByVid(vids: readonly string[]): Promise<Map<string, VehicleRules>>;
}

/**
 * Several gateway nodes (ADR 0061, gateway/device-owner.ts): the epoch this node holds for a
 * device, carried by each commit of its rows (undefined for a device this node never claimed:
 * not checked); and the devices whose commits the store refused, to let go of.
 */
export interface OwnerEpochs {
  epochOf(dvid: string): number | undefined;
  refused(dvids: readonly string[]): void;
}
