import type {
  CompiledGeofence,
  Device,
  DeviceRuleState,
  FixFilterConfig,
  FixFilterState,
  GeofenceCrossing,
  GeofenceInside,
  LoadedRule,
  OdometerState,
  RuleConfig,
  SegmenterConfig,
  SegmenterState,
  StoredGeofenceProfile,
  TransitConfig,
  TransitRecordValue,
  TransitState,
  TripNow,
  TripRecordValue,
  TripTrackerState,
  Vehicle,
  VehicleFuelState,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { DeviceLogRow, GeofenceRecordRow } from '../storage/ingest/rows.ts';

/*
 * The shapes the pipeline's parts share: a device's state, and the step a message makes through
 * the stages (path.ts). Here, apart from the code, so that the stages, the state's holders and
 * the commit depend on the shapes and not on one another (no import cycles).
 */

/** A device's geofence part of the pipeline state (ADR 0029). */
export interface DeviceGeofences {
  /** The geofences of the vehicle's templates; null until (re)loaded, after a change through the API. */
  fences: readonly CompiledGeofence[] | null;
  inside: GeofenceInside;
  /** As stored in vehicles.geofence_profile. */
  profile: StoredGeofenceProfile;
}

/** What the pipeline keeps in memory for one device; restorable from the store. */
export interface DeviceState {
  device: Device;
  vehicle: Vehicle | null;
  transit: TransitState | null;
  filter: FixFilterState;
  odometer: OdometerState;
  segmenter: SegmenterState;
  trips: TripTrackerState;
  /** Each fuel tank's smoothed level and open refuel/drain (issue #3, stages/fuel.ts). */
  fuel: VehicleFuelState;
  /** The vehicle's geofences and which it is inside (stages/geofences.ts, ADR 0029). */
  geofences: DeviceGeofences;
  /** Server time the device was last heard from (any package). */
  lastSeenAtMs: number;
}

/** A device's state once it is known to be fitted to a vehicle: what the motion stages move on. */
export type FittedState = DeviceState & { vehicle: Vehicle };

/** A device's rules as the pipeline holds them (ADR 0046). */
export interface DeviceRules {
  /** The vehicle's rules; null until (re)loaded, after a change through the API. */
  list: readonly LoadedRule[] | null;
  /** The templates `list` comes from: a change to one of them reloads it. */
  rtids: ReadonlySet<string>;
  /** Where its stateful rules stand: stored with the resumable state. */
  state: DeviceRuleState;
}

/** A device's state as the pipeline holds it, with what it last handed to the store of it. */
export interface HeldState extends DeviceState {
  /** Earliest device time of late data whose window has not been recomputed yet. */
  lateSinceMs: number | null;
  /** The resumable state (JSON) and late mark last written, and the `seq` they were written with. */
  saved: { seq: number; json: string | null; lateSinceMs: number | null };
  /** The vehicle's rules (null until loaded) and where they stand (stages/rules.ts, ADR 0046). */
  rules: DeviceRules;
}

/** What every stage reads besides the state: when the message came, and the thresholds. */
export interface StepContext {
  receivedAtMs: number;
  transit: TransitConfig;
  filter: FixFilterConfig;
  segmenter: SegmenterConfig;
}

export interface RuleStepOptions {
  config: RuleConfig;
  /** Local day and time of activeDay and activeTime conditions (JEJAK_TIME_ZONE). */
  timeZone: string;
}

export interface GeofenceStepResult {
  records: GeofenceRecordRow[];
  crossings: GeofenceCrossing[];
}

/**
 * One message on its path through the stages (path.ts): what it carries, what a stage hands on
 * to the next, and what it made — the rows to store, and what the rules and the batch read. One
 * object per message, filled in as it goes.
 */
export interface Step {
  /** The message as the store can hold it (stages/sanitize.ts). */
  msg: NormalizedMessage;
  /** Ignition as the message reports it; null when it does not. */
  ignition: boolean | null;
  log: DeviceLogRow;
  /** The tanks' steady litres after this message, whose falls are a transit record's fuel burnt. */
  fuelL: number | undefined;
  /** The speed motion counts: 0 for a movement not confirmed yet, and without a fix. */
  speedKmh: number;
  /** The odometer adds this position's distance (a movement under way, ignition not off). */
  driving: boolean;
  /** Where a movement the filter has just confirmed began: the transit status's start. */
  movingFrom: number | undefined;
  /** The device's timeline was silent from this time to this fix, long enough to be DISCONNECTED. */
  disconnectedFrom: number | undefined;
  /** Transit records this message closed. */
  transits: readonly TransitRecordValue[];
  /** Trips this message made final (or extended). */
  trips: readonly TripRecordValue[];
  /** The trip the vehicle is in after this message, for its vehicle-log row. */
  trip: TripNow | null;
  /** An accepted position moved the vehicle's state on (a vehicle-log row is due). */
  moved: boolean;
  /** True when the device's latest fix (and so the vehicle's status) changed. */
  latestChanged: boolean;
  /** Device time of a fix that arrived after later ones (from memory, or out of order): its window needs recomputing. */
  late: number | null;
  /** Geofences this fix entered or left (rows to store, crossings to announce once stored). */
  geofence: GeofenceStepResult | null;
  /**
   * A stop without ignition was found to be a parking: the vehicle-log rows from `fromMs` (the
   * stop) up to `toMs` (this fix) are rewritten as that parking (ADR 0036).
   */
  parkedFrom: { fromMs: number; toMs: number } | null;
}
