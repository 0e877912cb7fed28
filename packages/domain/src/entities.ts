import type { GeofenceProfile } from './geofence/profile.ts';
import type { FuelProfile } from './fuel/tank.ts';
import type { RoleValue } from './roles.ts';
import type { TransitStatus } from './transit.ts';

/** Entities as the spec names their fields (spec 1 §3). Instants are epoch ms UTC. */
export type StageName = 'V1' | 'V2';

export interface StageRecord {
  stage: StageName;
  createdAt: number;
}

export interface UserPreference {
  in_app_notification: boolean;
  in_app_notification_info: boolean;
  in_app_notification_warning: boolean;
  in_app_notification_critical: boolean;
}

export interface User {
  uid: string;
  userName: string;
  userEmail: string;
  userRole: RoleValue;
  userContact: string;
  userAddress: string;
  userHierarchy: string;
  parentId: string | null;
  preference: UserPreference;
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface Vehicle {
  vid: string;
  /** '-' means no device. */
  dvid: string;
  uid: string;
  vehiclePlate: string;
  vehicleDisplayName: string;
  vehicleType: string;
  vehicleModel: string;
  transitStatus: TransitStatus | null;
  transitFrom: number | null;
  updatedAt: number | null;
  /** Odometer in km. */
  mileage: number;
  createdAt: number;
  /** Fuel tanks by key ('fuel' for port 0, 'fuel{n}' for port n). */
  fuelProfile: FuelProfile;
  /** Geofence result by geoid, 1 inside and 0 left (spec 1 §3); absent where not read. */
  geofenceProfile?: GeofenceProfile;
}

export interface Device {
  /** {model}#{imei} */
  dvid: string;
  uid: string;
  model: string;
  imei: string;
  simCard: string;
  location: GeoPoint | null;
  heading: number | null;
  speed: number | null;
  deviceTime: number | null;
  createdAt: number;
  isAlive: boolean;
  gpsStatus: boolean | null;
  engineStatus: boolean | null;
  /** Since when the GPS has had no fix (the first live record without one); null while it has one. */
  noGPSAt?: number | null;
  /** The protocol's per-device settings (issue 29 item 2), when any are set. */
  settings?: Readonly<Record<string, string | number | boolean>> | null;
  /** The package of the last record the device sent ('gps#latest', 'heartbeat'…), when known. */
  lastPackage?: string | null;
  /** Server time that record was stored, when known. */
  lastRecordAt?: number | null;
  /** Litres in each fuel tank by profile key ('fuel', 'fuel2'…), smoothed; null before a reading. */
  fuelLevels?: Record<string, number | null>;
}

export const NO_DEVICE = '-';

export function makeDvid(model: string, imei: string): string {
  return `${model}#${imei}`;
}

export function imeiOfDvid(dvid: string): string {
  const i = dvid.indexOf('#');
  return i < 0 ? dvid : dvid.slice(i + 1);
}
