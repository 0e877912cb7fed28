import { FuelProfileSchema } from '@jejak/contract';
import {
  isRoleValue,
  profileFlags,
  readStoredProfile,
  isTransitStatus,
  type Device,
  type FuelProfile,
  type User,
  type UserPreference,
  type Vehicle,
  type ServiceFields,
} from '@jejak/domain';
import type { Selectable } from 'kysely';
import type { DevicesTable, UsersTable, VehiclesTable } from '../db/schema.ts';

export const DEFAULT_PREFERENCE: UserPreference = {
  in_app_notification: true,
  in_app_notification_info: true,
  in_app_notification_warning: true,
  in_app_notification_critical: true,
};

function toPreference(value: unknown): UserPreference {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof UserPreference, unknown>
  >;
  const flag = (key: keyof UserPreference) => (typeof v[key] === 'boolean' ? v[key] : DEFAULT_PREFERENCE[key]);
  return {
    in_app_notification: flag('in_app_notification'),
    in_app_notification_info: flag('in_app_notification_info'),
    in_app_notification_warning: flag('in_app_notification_warning'),
    in_app_notification_critical: flag('in_app_notification_critical'),
  };
}

export function toUser(row: UsersTable): User {
  if (!isRoleValue(row.user_role)) throw new Error(`user ${row.uid} has unknown role`);
  return {
    uid: row.uid,
    userName: row.user_name,
    userEmail: row.user_email,
    userRole: row.user_role,
    userContact: row.user_contact,
    userAddress: row.user_address,
    userHierarchy: row.user_hierarchy,
    parentId: row.parent_id,
    preference: toPreference(row.preference),
  };
}

export function toVehicle(row: Selectable<VehiclesTable>): Vehicle {
  return {
    vid: row.vid,
    dvid: row.dvid,
    uid: row.uid,
    vehiclePlate: row.vehicle_plate,
    vehicleDisplayName: row.vehicle_display_name,
    vehicleType: row.vehicle_type,
    vehicleModel: row.vehicle_model,
    transitStatus: isTransitStatus(row.transit_status) ? row.transit_status : null,
    transitFrom: row.transit_from,
    updatedAt: row.updated_at,
    mileage: row.mileage_km,
    createdAt: row.created_at,
    fuelProfile: toFuelProfile(row.vid, row.fuel_profile),
    geofenceProfile: profileFlags(readStoredProfile(row.geofence_profile)),
  };
}

/** Profiles are only written through FuelProfileSchema, so one that fails it is a broken store. */
export function toFuelProfile(vid: string, value: unknown): FuelProfile {
  const parsed = FuelProfileSchema.safeParse(value);
  if (!parsed.success) throw new Error(`vehicle ${vid} has an invalid fuel profile`);
  return parsed.data;
}

/** A device's stored settings (jsonb): an object of text, number and flag values, else null. */
export function readSettings(value: unknown): Record<string, string | number | boolean> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value).filter((e): e is [string, string | number | boolean] =>
    ['string', 'number', 'boolean'].includes(typeof e[1]),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

const withSettings = (value: unknown) => {
  const settings = readSettings(value);
  return settings ? { settings } : {};
};

export function toDevice(row: Selectable<DevicesTable>): Device {
  return {
    dvid: row.dvid,
    uid: row.uid,
    model: row.model,
    imei: row.imei,
    simCard: row.sim_card,
    location: row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon },
    heading: row.heading,
    speed: row.speed,
    deviceTime: row.device_time,
    createdAt: row.created_at,
    isAlive: row.is_alive,
    gpsStatus: row.gps_status,
    engineStatus: row.engine_status,
    noGPSAt: row.no_gps_at,
    ...withSettings(row.settings),
  };
}

type ServiceColumns = Pick<
  Selectable<VehiclesTable>,
  | 'engine_service_next_mileage'
  | 'engine_service_next_working_hour'
  | 'engine_service_due_date'
  | 'transmission_service_next_mileage'
  | 'transmission_service_due_date'
  | 'rear_axle_service_next_mileage'
  | 'rear_axle_service_due_date'
  | 'service_next_mileage'
  | 'service_due_date'
  | 'permit_due_date'
  | 'subs_start_date'
  | 'subs_end_date'
>;

/** The vehicle columns of the service fields (spec 2 §3), by field. */
const SERVICE_COLUMNS = {
  engineServiceNextMileage: 'engine_service_next_mileage',
  engineServiceNextWorkingHour: 'engine_service_next_working_hour',
  engineServiceDueDate: 'engine_service_due_date',
  transmissionServiceNextMileage: 'transmission_service_next_mileage',
  transmissionServiceDueDate: 'transmission_service_due_date',
  rearAxleServiceNextMileage: 'rear_axle_service_next_mileage',
  rearAxleServiceDueDate: 'rear_axle_service_due_date',
  serviceNextMileage: 'service_next_mileage',
  serviceDueDate: 'service_due_date',
} as const satisfies Record<keyof ServiceFields, keyof ServiceColumns>;

/** The columns to write for the service fields given (the others are left as they are). */
export function serviceColumnsOf(fields: Partial<ServiceFields>): Partial<Record<keyof ServiceColumns, number | null>> {
  const out: Partial<Record<keyof ServiceColumns, number | null>> = {};
  for (const [field, column] of Object.entries(SERVICE_COLUMNS) as [keyof ServiceFields, keyof ServiceColumns][]) {
    const value = fields[field];
    if (value !== undefined) out[column] = value;
  }
  return out;
}

/** A vehicle's service, permit and subscription fields (spec 2 §3), as the vehicle tables show them. */
export function toServiceFields(r: ServiceColumns) {
  return {
    engineServiceNextMileage: r.engine_service_next_mileage,
    engineServiceNextWorkingHour: r.engine_service_next_working_hour,
    engineServiceDueDate: r.engine_service_due_date,
    transmissionServiceNextMileage: r.transmission_service_next_mileage,
    transmissionServiceDueDate: r.transmission_service_due_date,
    rearAxleServiceNextMileage: r.rear_axle_service_next_mileage,
    rearAxleServiceDueDate: r.rear_axle_service_due_date,
    serviceNextMileage: r.service_next_mileage,
    serviceDueDate: r.service_due_date,
    permitDueDate: r.permit_due_date,
    subsStartDate: r.subs_start_date,
    subsEndDate: r.subs_end_date,
  };
}
