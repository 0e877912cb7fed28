import {
  resumeFixFilter,
  emptySegmenter,
  emptyTripTracker,
  emptyVehicleFuel,
  profileAt,
  profileFlags,
  type TripRecordValue,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { GeofenceRecordRow, StoredFix, TransitRow, TripRow, VehicleLogRow } from '../../storage/ingest/rows.ts';
import { applyMessage } from '../path.ts';
import type { RecomputePort } from '../ports.ts';
import { applyParkedLogs, parkedLogs, transitRow, vehicleLogRow } from '../rows.ts';
import type { DeviceGeofences, DeviceState, StepContext } from '../types.ts';

export interface RecomputeOptions {
  store: RecomputePort;
  /** A recompute never reaches further back than this before the late fix. */
  maxWindowMs: number;
}

/** A stored fix as the message it came from, replayed in device-time order (so never "late"). */
function messageOf(f: StoredFix): NormalizedMessage {
  const attributes = Object.fromEntries(
    Object.entries(f.attributes ?? {}).filter(
      (e): e is [string, string | number | boolean] =>
        !['filtered', 'clamped', 'unconfirmed'].includes(e[0]) && ['string', 'number', 'boolean'].includes(typeof e[1]),
    ),
  );
  if (f.ignition !== null) attributes.ignition = f.ignition;
  const { satellites, ...rest } = attributes;
  return {
    kind: 'position',
    deviceTimeMs: f.deviceTime,
    valid: f.valid,
    latitude: f.lat ?? undefined,
    longitude: f.lon ?? undefined,
    speedKmh: f.speed ?? undefined,
    course: f.heading ?? undefined,
    ...(typeof satellites === 'number' ? { satellites } : {}),
    attributes: rest,
  };
}

/**
 * The replay's geofence state (ADR 0029): the device's fences (loaded by the caller, as live,
 * and taken before the first await: an API change may unload the live ones meanwhile) and the
 * stays open at the window start, read from the geofence records. Without loaded fences the
 * replay runs without any and leaves the geofence records alone.
 */
async function replayGeofences(
  live: DeviceGeofences,
  fences: DeviceGeofences['fences'],
  vid: string,
  fromMs: number,
  store: RecomputePort,
): Promise<DeviceGeofences> {
  if (fences === null) return { fences: null, inside: {}, profile: {} };
  const inside = await store.insideAt(vid, fromMs);
  return { fences, inside, profile: profileAt(live.profile, inside) };
}

/**
 * Late data (DESIGN §1): replays a vehicle's stored fixes, live and from memory, in device-time
 * order from the start of the trip the late fix fell into, through the same `applyMessage` as
 * the live path, rewrites the window's transit records, trips, vehicle-log rows and geofence
 * stays, and carries the replayed state on as the live one. It publishes nothing about the past:
 * no live events, no geofence crossings.
 * The caller runs it in the device's ordered chain, with the device's rows committed.
 */
export async function recomputeLateWindow(
  state: DeviceState,
  lateMs: number,
  ctx: Omit<StepContext, 'receivedAtMs'>,
  opts: RecomputeOptions,
  /** The epoch this node holds the device at, when several nodes share the devices. */
  epoch?: number,
): Promise<void> {
  const vehicle = state.vehicle;
  if (!vehicle) return;
  const fences = state.geofences.fences;
  const { fromMs, mileageKm, lastFix } = await opts.store.anchor(vehicle.vid, lateMs, lateMs - opts.maxWindowMs);
  const fixes = await opts.store.fixesSince(state.device.dvid, fromMs);
  if (fixes.length === 0) return;
  const geofences = await replayGeofences(state.geofences, fences, vehicle.vid, fromMs, opts.store);
  const replay: DeviceState = {
    device: { ...state.device },
    vehicle: { ...vehicle, mileage: mileageKm },
    transit: null,
    filter: resumeFixFilter(lastFix, false),
    odometer: { mileageKm, last: lastFix },
    segmenter: emptySegmenter(),
    trips: emptyTripTracker(),
    fuel: emptyVehicleFuel(),
    geofences,
    lastSeenAtMs: state.lastSeenAtMs,
  };
  const transits: TransitRow[] = [];
  const trips = new Map<number, TripRecordValue & { createdAt: number }>();
  const vehicleLogs: VehicleLogRow[] = [];
  const geofenceRecords: GeofenceRecordRow[] = [];
  for (const f of fixes) {
    const step = applyMessage(replay, messageOf(f), { ...ctx, receivedAtMs: f.createdAt });
    for (const t of step.transits) transits.push(transitRow(t, vehicle.vid, f.createdAt));
    for (const t of step.trips) trips.set(t.startTime, { ...t, createdAt: f.createdAt });
    const parked = parkedLogs(replay, step);
    if (parked) applyParkedLogs(vehicleLogs, parked);
    const row = vehicleLogRow(replay, step, f.createdAt);
    if (row) vehicleLogs.push(row);
    // The crossings are dropped: no live alerts for the past.
    if (step.geofence) geofenceRecords.push(...step.geofence.records);
  }
  const replayed = replay.vehicle ?? vehicle;
  await opts.store.replace({
    vid: vehicle.vid,
    fromMs,
    transits,
    trips: [...trips.values()].map((t): TripRow => ({ ...t, vid: vehicle.vid })),
    vehicleLogs,
    mileageKm: replayed.mileage,
    geofenceRecords: geofences.fences === null ? null : geofenceRecords,
    owner: epoch === undefined ? undefined : { dvid: state.device.dvid, epoch },
  });
  state.transit = replay.transit;
  state.filter = replay.filter;
  state.odometer = replay.odometer;
  state.segmenter = replay.segmenter;
  state.trips = replay.trips;
  state.fuel = replay.fuel;
  if (replay.geofences.fences !== null) {
    state.geofences.inside = replay.geofences.inside;
    state.geofences.profile = replay.geofences.profile;
    vehicle.geofenceProfile = profileFlags(replay.geofences.profile);
  }
  Object.assign(vehicle, {
    mileage: replayed.mileage,
    transitStatus: replayed.transitStatus,
    transitFrom: replayed.transitFrom,
    updatedAt: replayed.updatedAt,
  });
}
