import { NO_DEVICE, type Device, type GeoPoint, type Vehicle } from '../entities.ts';
import { TRANSIT_STATUSES, displayStatus } from '../transit.ts';

/**
 * The dashboard's fleet list (issue 26 item 1): one row per vehicle the user sees, its state,
 * speed, the age of its last fix, and the search and state filters over them. Pure: the clock
 * and the group names are passed in.
 */

/** The spec's four transit statuses and one more: a vehicle whose tracker has never reported. */
export const FLEET_STATES = [...TRANSIT_STATUSES, 'NEVER_REPORTED'] as const;
export type FleetState = (typeof FLEET_STATES)[number];

export interface FleetRow {
  vid: string;
  plate: string;
  name: string;
  /** Names of the user's groups that hold the vehicle. */
  groups: readonly string[];
  state: FleetState;
  /** km/h at the last fix; null before any fix. */
  speedKmh: number | null;
  /** Device time of the last fix, null before any. */
  lastFixAt: number | null;
  location: GeoPoint | null;
}

/**
 * NEVER_REPORTED for a vehicle with no device, or whose device has sent no fix and no record:
 * the spec would show it DISCONNECTED, which reads as "it was connected once" (a tracker still
 * being fitted is not lost). Otherwise the vehicle's transit status.
 */
export function fleetState(vehicle: Vehicle, device: Device | undefined): FleetState {
  if (vehicle.dvid === NO_DEVICE || device === undefined) return 'NEVER_REPORTED';
  const reported = device.deviceTime != null || device.location != null || device.lastRecordAt != null;
  return reported ? displayStatus(vehicle.transitStatus) : 'NEVER_REPORTED';
}

export function fleetRow(
  vehicle: Vehicle,
  device: Device | undefined,
  groupsOf: (vid: string) => readonly string[],
): FleetRow {
  const location = device?.location ?? null;
  return {
    vid: vehicle.vid,
    plate: vehicle.vehiclePlate,
    name: vehicle.vehicleDisplayName,
    groups: groupsOf(vehicle.vid),
    state: fleetState(vehicle, device),
    speedKmh: typeof device?.speed === 'number' && Number.isFinite(device.speed) ? device.speed : null,
    lastFixAt: device?.deviceTime ?? null,
    location: location && Number.isFinite(location.lat) && Number.isFinite(location.lon) ? location : null,
  };
}

/** Lower case with spaces and dashes dropped: "WXY 1234", "wxy-1234" and "wxy1234" are one plate. */
export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[\s-]+/g, '');
}

/** Does the row's plate, name or one of its groups contain the query (searchKey of both)? */
export function matchesFleetSearch(row: FleetRow, query: string): boolean {
  const key = searchKey(query);
  if (key === '') return true;
  return (
    searchKey(row.plate).includes(key) ||
    searchKey(row.name).includes(key) ||
    row.groups.some((group) => searchKey(group).includes(key))
  );
}

export type FleetCounts = Record<FleetState | 'ALL', number>;

/** How many rows are in each state, and in all. */
export function countFleetStates(rows: Iterable<FleetRow>): FleetCounts {
  const counts: FleetCounts = { ALL: 0, MOVING: 0, IDLING: 0, PARKING: 0, DISCONNECTED: 0, NEVER_REPORTED: 0 };
  for (const row of rows) {
    counts.ALL += 1;
    counts[row.state] += 1;
  }
  return counts;
}

export interface FleetFilter {
  query: string;
  /** null: every state. */
  state: FleetState | null;
}

const plateOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The rows the filter keeps, by plate (natural order: "WXY 9" before "WXY 10"). The counts are
 * taken over the search alone, so each state button says what choosing it would show.
 */
export function filterFleet(rows: readonly FleetRow[], filter: FleetFilter): { rows: FleetRow[]; counts: FleetCounts } {
  const searched = rows.filter((row) => matchesFleetSearch(row, filter.query));
  const kept = filter.state === null ? searched : searched.filter((row) => row.state === filter.state);
  kept.sort((a, b) => plateOrder.compare(a.plate, b.plate));
  return { rows: kept, counts: countFleetStates(searched) };
}

export type FixAge = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; value: number } | { unit: 'never' };

/** How long ago the last fix was: under a minute is "now"; then whole minutes, hours, days. */
export function fixAge(lastFixAt: number | null, nowMs: number): FixAge {
  if (lastFixAt === null) return { unit: 'never' };
  const minutes = Math.floor(Math.max(0, nowMs - lastFixAt) / 60_000);
  if (minutes < 1) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', value: hours };
  return { unit: 'days', value: Math.floor(hours / 24) };
}

/** Every owner's built-in vehicle group, holding all of their vehicles (spec 2). */
export const BUILT_IN_VEHICLE_GROUP = 'ALL';

/**
 * Group names by vid from the user's groups (a vehicle may be in several). The built-in ALL
 * group is left out: it holds every vehicle, so searching "all" would find the whole fleet.
 */
export function groupNamesByVehicle(
  groups: readonly { groupName: string; vehicles: readonly string[] }[],
): Map<string, string[]> {
  const byVid = new Map<string, string[]>();
  for (const group of groups) {
    if (group.groupName === BUILT_IN_VEHICLE_GROUP) continue;
    for (const vid of group.vehicles) {
      const names = byVid.get(vid);
      if (names) names.push(group.groupName);
      else byVid.set(vid, [group.groupName]);
    }
  }
  return byVid;
}
