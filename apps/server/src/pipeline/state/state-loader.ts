import {
  emptyTripTracker,
  emptyVehicleFuel,
  insideOf,
  type AcceptedFix,
  type StoredGeofenceProfile,
  type TransitState,
} from '@jejak/domain';
import type { FittedVehicle, StoredPipelineState } from '../../storage/ingest/rows.ts';
import type { FleetReads, IngestPort } from '../ports.ts';
import type { DeviceGeofences, HeldState } from '../types.ts';
import { approximateMotion, readResumable, readRuleState, withPending, type StoredMotion } from './resume.ts';

/** The reads a state load makes, each of many devices or vehicles at once. */
export interface StateSources {
  fleet: FleetReads;
  store: Pick<IngestPort, 'pipelineStates' | 'transitRecordsAt' | 'tripTrackers'>;
}

/**
 * The states of many devices as the store holds them (ADR 0025), with a few queries whatever
 * their number: the device, vehicle and pipeline-state rows; then the pending transit records of
 * the stored states that fit and the trip trackers of the devices that have none; then, if a
 * stored state's records were rewritten since, the trip trackers of those.
 * Each state is the stored one when it still fits the vehicle and its records, else the
 * approximation from the device and vehicle rows. Unregistered devices are left out.
 */
export async function loadStates(src: StateSources, dvids: readonly string[]): Promise<Map<string, HeldState>> {
  const [devices, vehicles, saved] = await Promise.all([
    src.fleet.devicesByDvid(dvids),
    src.fleet.vehiclesByDvid(dvids),
    src.store.pipelineStates(dvids),
  ]);
  const found = dvids.flatMap((dvid) => {
    const device = devices.get(dvid);
    if (!device) return [];
    const vehicle = vehicles.get(dvid) ?? null;
    const row = saved.get(dvid) ?? null;
    const stored: StoredMotion | null = row && readResumable(row.state, vehicle);
    return [{ dvid, device, vehicle, row, stored }];
  });

  // The pending transit records of the stored states, and the trip trackers of the devices
  // without one, read together; then those of the stored states whose records were rewritten.
  const pendingOf = new Map<string, number[]>();
  for (const { vehicle, stored } of found)
    if (vehicle && stored && stored.trips.pending.length > 0) pendingOf.set(vehicle.vid, stored.trips.pending);
  const vidsOf = (fs: typeof found) => fs.flatMap((f) => (f.vehicle ? [f.vehicle.vid] : []));
  const [records, trackers] = await Promise.all([
    src.store.transitRecordsAt(pendingOf),
    src.store.tripTrackers(vidsOf(found.filter((f) => !f.stored))),
  ]);
  const resumed = found.map((f) => f.stored && withPending(f.stored, (f.vehicle && records.get(f.vehicle.vid)) ?? []));
  const stale = await src.store.tripTrackers(vidsOf(found.filter((f, i) => f.stored && !resumed[i])));
  for (const [vid, tracker] of stale) trackers.set(vid, tracker);

  return new Map(
    found.map((f, i) => {
      const { device, vehicle, row } = f;
      const transit = transitOf(vehicle);
      const d = device.device;
      // Exactly where the pipeline stood, if the store holds it; else an approximation from the
      // last accepted fix and the stored records.
      const lastFix: AcceptedFix | null =
        d.location && d.deviceTime !== null
          ? { deviceTimeMs: d.deviceTime, lat: d.location.lat, lon: d.location.lon }
          : null;
      const exact = resumed[i] ?? null;
      const motion = exact ?? {
        ...approximateMotion(transit, lastFix, vehicle?.mileage ?? 0),
        trips: (vehicle && trackers.get(vehicle.vid)) ?? emptyTripTracker(),
        fuel: emptyVehicleFuel(),
      };
      const state: HeldState = {
        device: d,
        vehicle: vehicle && withoutStoredProfile(vehicle),
        transit,
        ...motion,
        geofences: geofencesFrom(vehicle?.geofenceState),
        rules: { list: null, rtids: new Set(), state: readRuleState(row?.state, vehicle?.vid ?? null) },
        lastSeenAtMs: device.lastSeenAtMs ?? 0,
        ...lateMark(row, exact !== null),
      };
      return [f.dvid, state];
    }),
  );
}

/** A device's geofence state as loaded: its stored profile; its fences are read when first needed. */
function geofencesFrom(profile: StoredGeofenceProfile | undefined): DeviceGeofences {
  const p = profile ?? {};
  return { fences: null, inside: insideOf(p), profile: p };
}

/** The vehicle as the live channel shows it: the stored profile (with times) stays in the state. */
function withoutStoredProfile(vehicle: FittedVehicle): FittedVehicle {
  const v = { ...vehicle };
  delete v.geofenceState;
  return v;
}

function transitOf(vehicle: FittedVehicle | null): TransitState | null {
  if (!vehicle?.transitStatus || vehicle.transitFrom === null || vehicle.updatedAt === null) return null;
  return {
    status: vehicle.transitStatus,
    transitFrom: vehicle.transitFrom,
    updatedAt: vehicle.updatedAt,
    stoppedSince: vehicle.stoppedSince,
  };
}

function lateMark(row: StoredPipelineState | null, resumed: boolean): Pick<HeldState, 'lateSinceMs' | 'saved'> {
  const lateSinceMs = row?.lateSince ?? null;
  return { lateSinceMs, saved: { seq: row?.seq ?? 0, json: resumed ? (row?.state ?? null) : null, lateSinceMs } };
}
