import { z } from 'zod';
import { TRANSIT_STATUSES } from '@jejak/domain';

const GeoPointSchema = z.object({ lat: z.number(), lon: z.number() });

export const VehicleSchema = z.object({
  vid: z.string(),
  dvid: z.string(),
  uid: z.string(),
  vehiclePlate: z.string(),
  vehicleDisplayName: z.string(),
  vehicleType: z.string(),
  vehicleModel: z.string(),
  transitStatus: z.enum(TRANSIT_STATUSES).nullable(),
  transitFrom: z.number().nullable(),
  updatedAt: z.number().nullable(),
  mileage: z.number(),
  createdAt: z.number(),
});

export const DeviceSchema = z.object({
  dvid: z.string(),
  uid: z.string(),
  model: z.string(),
  imei: z.string(),
  simCard: z.string(),
  location: GeoPointSchema.nullable(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  deviceTime: z.number().nullable(),
  createdAt: z.number(),
  isAlive: z.boolean(),
  gpsStatus: z.boolean().nullable(),
  engineStatus: z.boolean().nullable(),
});

/** POST /api/user/gethierarchy {uid}: the vehicles and devices of the user's subtree. */
export const HierarchyResponseSchema = z.object({
  status: z.literal(200),
  vehicles: z.array(VehicleSchema),
  devices: z.array(DeviceSchema),
});
export type HierarchyResponse = z.infer<typeof HierarchyResponseSchema>;

/** GET /api/version */
export const VersionResponseSchema = z.object({ version: z.string(), region: z.string() });
export type VersionResponse = z.infer<typeof VersionResponseSchema>;

export const UnknownDeviceSchema = z.object({
  protocol: z.string(),
  imei: z.string(),
  remote: z.string().nullable(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  attempts: z.number(),
});

/** POST /api/device/unknown/get {}: trackers that tried to connect but are not registered (admins). */
export const UnknownDevicesResponseSchema = z.object({
  status: z.literal(200),
  unknownDevices: z.array(UnknownDeviceSchema),
});
export type UnknownDevicesResponse = z.infer<typeof UnknownDevicesResponseSchema>;
export type UnknownDevice = z.infer<typeof UnknownDeviceSchema>;
