import {
  GEOFENCE_TYPES,
  NO_DEVICE,
  TRANSIT_STATUSES,
  describePlace,
  displayStatus,
  formatCoordinates,
  setUpTanks,
  type Device,
  type GeoPoint,
  type GeofenceType,
  type TransitStatus,
  type Vehicle,
} from '@jejak/domain';
import { geofenceKind } from '../../map/layers/geofence-features.ts';
import { statusSince } from '../../ui/format.ts';

/** The Fuel column's text for a vehicle with no tank set up (spec 1 §2). */
export const NO_FUEL_PROFILES = '(No fuel profiles)';
/** A set-up tank before its first reading (issue 25, defect 4: it read '[Tank 1] - L'). */
export const NO_READING = 'no reading';

/** What the table needs of a geofence. */
export interface InfoGeofence {
  geoid: string;
  geoType: GeofenceType;
  geofenceName: string;
}

/** A geofence the vehicle is inside, as its Location badge shows it. */
export interface InsideBadge {
  geoid: string;
  kind: 'POI' | 'Zone';
  name: string;
}

/** One row of the Vehicle Listing tab. */
export interface VehicleRow {
  vid: string;
  vehicle: Vehicle;
  device: Device | undefined;
  name: string;
  plate: string;
  status: TransitStatus;
  /** When the current status began; null when unknown. */
  statusSinceMs: number | null;
  speedKmh: number | null;
  fuelText: string;
  inside: InsideBadge[];
  position: GeoPoint | null;
  /** The position's offline address ("near Klang, Selangor"); null without a position. */
  address: string | null;
  /** What the Location cell shows and its search matches: the badges' names, else the address. */
  locationText: string;
  updatedAt: number | null;
}

/** One row of the Geofence Summary tab. */
export interface GeofenceRow {
  geoid: string;
  name: string;
  templates: string;
  geoType: GeofenceType;
  vehiclesInside: Vehicle[];
}

/** The words of the Fuel column in the console's language. */
export interface FuelWords {
  tank: (n: number) => string;
  noFuelProfiles: string;
  noReading: string;
}
/** The spec's own words (spec 1 §2). */
export const SPEC_FUEL_WORDS: FuelWords = {
  tank: (n) => `Tank ${n}`,
  noFuelProfiles: NO_FUEL_PROFILES,
  noReading: NO_READING,
};

/**
 * '[Tank n] x L' per set-up tank in port order (n counts from 1; '[Tank n] no reading' before
 * its first reading), or
 * '(No fuel profiles)' when no tank has a capacity.
 */
export function fuelText(
  vehicle: Pick<Vehicle, 'fuelProfile'>,
  device: Pick<Device, 'fuelLevels'> | undefined,
  words: FuelWords = SPEC_FUEL_WORDS,
): string {
  const tanks = setUpTanks(vehicle.fuelProfile).sort(([, a], [, b]) => a.portNumber - b.portNumber);
  if (tanks.length === 0) return words.noFuelProfiles;
  return tanks
    .map(([key], i) => {
      const litres = device?.fuelLevels?.[key];
      return `[${words.tank(i + 1)}] ${typeof litres === 'number' ? `${litres.toFixed(2)} L` : words.noReading}`;
    })
    .join(', ');
}

/** The geofences the vehicle's profile marks it inside (1), by name; unknown geoids are left out. */
export function insideBadges(
  vehicle: Pick<Vehicle, 'geofenceProfile'>,
  geofences: ReadonlyMap<string, InfoGeofence>,
): InsideBadge[] {
  return Object.entries(vehicle.geofenceProfile ?? {}).flatMap(([geoid, flag]) => {
    const g = flag === 1 ? geofences.get(geoid) : undefined;
    return g ? [{ geoid, kind: geofenceKind(g.geoType), name: g.geofenceName }] : [];
  });
}

/** Whether some vehicle is inside a geofence the list does not hold (one added since it was read). */
export function insideUnknown(vehicles: Iterable<Vehicle>, geofences: ReadonlyMap<string, InfoGeofence>): boolean {
  for (const v of vehicles) {
    for (const [geoid, flag] of Object.entries(v.geofenceProfile ?? {}))
      if (flag === 1 && !geofences.has(geoid)) return true;
  }
  return false;
}

/** Coordinates as the details drawer writes them. */
export function positionText(position: GeoPoint | null): string {
  return position ? formatCoordinates(position.lat, position.lon) : '-';
}

/** Addresses are cached by position rounded to 3 decimals (about 110 m). */
const ADDRESS_GRID = 1_000;

/** The address of a vehicle at a position (see createAddressBook). */
export type AddressBook = (vid: string, position: GeoPoint) => string;

/**
 * The offline gazetteer's address of each vehicle's position (DESIGN §6), remembered per vehicle
 * with its position rounded to ADDRESS_GRID: rebuilding 20k rows costs a lookup each, and the
 * gazetteer is searched again only for a vehicle that has moved on. The address is that of the
 * rounded point, so one spot always reads the same.
 */
export function createAddressBook(describe: (lat: number, lon: number) => string = describePlace): AddressBook {
  const known = new Map<string, { lat: number; lon: number; address: string }>();
  return (vid, position) => {
    const lat = Math.round(position.lat * ADDRESS_GRID) / ADDRESS_GRID;
    const lon = Math.round(position.lon * ADDRESS_GRID) / ADDRESS_GRID;
    const hit = known.get(vid);
    if (hit?.lat === lat && hit.lon === lon) return hit.address;
    const address = describe(lat, lon) || formatCoordinates(position.lat, position.lon);
    known.set(vid, { lat, lon, address });
    return address;
  };
}

/** The external map link of the Location column. */
export function externalMapUrl(position: GeoPoint): string {
  return `https://www.google.com/maps/search/?api=1&query=${position.lat},${position.lon}`;
}

/** The later of two instants; the vehicle's transit time can lag its device's last fix. */
function newest(a: number | null | undefined, b: number | null | undefined): number | null {
  const known = [a, b].filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
  return known.length === 0 ? null : Math.max(...known);
}

function validPosition(device: Device | undefined): GeoPoint | null {
  const p = device?.location;
  if (!p || !Number.isFinite(p.lat) || !Number.isFinite(p.lon)) return null;
  return Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180 ? p : null;
}

/**
 * The Vehicle Listing rows, sorted by name (case-insensitive), from the live store's records;
 * `addressOf` keeps its cache from one rebuild to the next.
 */
export function vehicleRows(
  vehicles: Iterable<Vehicle>,
  deviceOf: (dvid: string) => Device | undefined,
  geofences: ReadonlyMap<string, InfoGeofence>,
  addressOf: AddressBook = createAddressBook(),
  fuelWords: FuelWords = SPEC_FUEL_WORDS,
): VehicleRow[] {
  const rows: VehicleRow[] = [];
  for (const vehicle of vehicles) {
    const device = vehicle.dvid === NO_DEVICE ? undefined : deviceOf(vehicle.dvid);
    const status = displayStatus(vehicle.transitStatus);
    const inside = insideBadges(vehicle, geofences);
    const position = validPosition(device);
    const address = position && addressOf(vehicle.vid, position);
    rows.push({
      vid: vehicle.vid,
      vehicle,
      device,
      name: vehicle.vehicleDisplayName || vehicle.vehiclePlate,
      plate: vehicle.vehiclePlate,
      status,
      statusSinceMs: statusSince(vehicle),
      speedKmh: typeof device?.speed === 'number' && Number.isFinite(device.speed) ? device.speed : null,
      fuelText: fuelText(vehicle, device, fuelWords),
      inside,
      position,
      address,
      locationText: inside.length > 0 ? inside.map((b) => `${b.kind} ${b.name}`).join(', ') : (address ?? '-'),
      updatedAt: newest(vehicle.updatedAt, device?.deviceTime),
    });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** The Geofence Summary rows: each geofence, its templates' names, and the vehicles inside it. */
export function geofenceRows(
  geofences: readonly (InfoGeofence & { gtids?: readonly string[] })[],
  templates: readonly { gtid: string; templateName: string; geofences: readonly string[] }[],
  vehicles: Iterable<Vehicle>,
): GeofenceRow[] {
  const inside = new Map<string, Vehicle[]>();
  for (const v of vehicles) {
    for (const [geoid, flag] of Object.entries(v.geofenceProfile ?? {})) {
      if (flag === 1) inside.set(geoid, [...(inside.get(geoid) ?? []), v]);
    }
  }
  return geofences.map((g) => ({
    geoid: g.geoid,
    name: g.geofenceName,
    templates: templates
      .filter((t) => t.geofences.includes(g.geoid) || g.gtids?.includes(t.gtid))
      .map((t) => t.templateName)
      .join(', '),
    geoType: g.geoType,
    vehiclesInside: inside.get(g.geoid) ?? [],
  }));
}

/** Duration sorter: a status held longer sorts larger; an unknown start sorts first. */
export function compareDuration(a: Pick<VehicleRow, 'statusSinceMs'>, b: Pick<VehicleRow, 'statusSinceMs'>): number {
  const since = (r: Pick<VehicleRow, 'statusSinceMs'>) => r.statusSinceMs ?? Number.POSITIVE_INFINITY;
  return Math.sign(since(b) - since(a)) || 0;
}

/** Speed sorter: unknown speeds sort first. */
export function compareSpeed(a: Pick<VehicleRow, 'speedKmh'>, b: Pick<VehicleRow, 'speedKmh'>): number {
  return (a.speedKmh ?? -1) - (b.speedKmh ?? -1);
}

/** The Status column's filter: one entry per transit status. */
export const STATUS_FILTERS = TRANSIT_STATUSES.map((status) => ({ text: status, value: status }));

/** The Type column's filter: POI or Polygon, the latter shown as Zone. */
export const GEOFENCE_TYPE_FILTERS = GEOFENCE_TYPES.map((geoType) => ({ text: geofenceKind(geoType), value: geoType }));
