import { z } from 'zod';
import {
  FUEL_LEVEL_OPERATORS,
  FUEL_SENSOR_TYPES,
  MAX_FUEL_PORT,
  TRANSIT_STATUSES,
  fuelInputOf,
  fuelTankKey,
  type FuelProfile,
} from '@jejak/domain';
import { HierarchyNodeSchema, UserDetailSchema } from '../accounts/user.ts';
import { SPEC_TEXT_PARAMS } from '../core/fields.ts';

const GeoPointSchema = z.object({ lat: z.number(), lon: z.number() });

/** The spec's text for a tank that is not filled in correctly (spec 2 §5); n counts from 1. */
export function fuelTankError(n: number): string {
  return `Error at tank ${n}. Make sure fields are filled in correctly`;
}
export const FUEL_PROFILE_EMPTY = 'At least one fuel tank is needed';
export const MAX_FUEL_TANKS = 8;

/** Readings far beyond any sensor's (volts, percent, or a device's raw analog counts). */
const MAX_READING = 100_000;

/** One tank (spec 2 §3 "Fuel tank entry"); see packages/domain/src/fuel/tank.ts for the meaning. */
export const FuelTankSchema = z
  .object({
    portNumber: z.number().int().min(0).max(MAX_FUEL_PORT),
    fuelCapacity: z.number().min(0).max(MAX_READING),
    fuelLevelMin: z.number().min(0).max(MAX_READING),
    fuelLevelMax: z.number().min(0).max(MAX_READING),
    fuelLevelOperator: z.enum(FUEL_LEVEL_OPERATORS),
    fuelSensorType: z.enum(FUEL_SENSOR_TYPES),
  })
  .refine((t) => t.fuelLevelMin !== t.fuelLevelMax, 'the empty and full readings must differ')
  .refine(
    (t) => t.fuelLevelOperator !== '%' || (t.fuelLevelMin <= 100 && t.fuelLevelMax <= 100),
    'a percentage is at most 100',
  );

/** A tank's JSON schema, to nest in the document (without its own `$schema`). */
function tankJsonSchema() {
  const schema: Record<string, unknown> = { ...z.toJSONSchema(FuelTankSchema, { io: 'input' }) };
  delete schema.$schema;
  return schema;
}

/**
 * A vehicle's tanks: 'fuel' for port 0 and 'fuel{n}' for port n (spec 2 §3). Every tank is checked
 * whole and a bad one is named by its place, with the spec's text: the key must match the port,
 * and two tanks may not read the same input (ports 0 and 1 both read input 1).
 */
export const FuelProfileSchema = z
  .record(z.string(), z.unknown())
  .transform((value, ctx): FuelProfile => {
    const entries = Object.entries(value);
    // Shown as they are, like the form's own check, without the field's path (issue 25 defect 8).
    if (entries.length === 0) ctx.addIssue({ code: 'custom', message: FUEL_PROFILE_EMPTY, params: SPEC_TEXT_PARAMS });
    if (entries.length > MAX_FUEL_TANKS)
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_FUEL_TANKS} fuel tanks`, params: SPEC_TEXT_PARAMS });
    const profile: FuelProfile = {};
    const inputs = new Set<number>();
    entries.forEach(([key, raw], i) => {
      const tank = FuelTankSchema.safeParse(raw);
      if (!tank.success || key !== fuelTankKey(tank.data.portNumber) || inputs.has(fuelInputOf(tank.data.portNumber))) {
        ctx.addIssue({ code: 'custom', message: fuelTankError(i + 1), path: [key], params: SPEC_TEXT_PARAMS });
        return;
      }
      inputs.add(fuelInputOf(tank.data.portNumber));
      profile[key] = tank.data;
    });
    return profile;
  })
  // The checks run on loose input (to name the bad tank); the document still shows each tank's shape.
  .meta({
    description: "Fuel tanks by key: 'fuel' for port 0, 'fuel{n}' for port n",
    additionalProperties: tankJsonSchema(),
  });

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
  fuelProfile: FuelProfileSchema,
  /** Geofence result by geoid: 1 inside, 0 left (spec 1 §3). */
  geofenceProfile: z.record(z.string(), z.union([z.literal(0), z.literal(1)])).optional(),
  /** Spec 1 §3's facts its device knows (domain vehicleFacts): where it is, GPS fix, alive. */
  address: z.string().nullable(),
  gpsStatus: z.boolean().nullable(),
  isAlive: z.boolean(),
  /** Since when the GPS has had no fix; null while it has one. */
  noGPSAt: z.number().nullable(),
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
  /** Since when the GPS has had no fix; null while it has one (spec 1 §3, the vehicle's noGPSAt). */
  noGPSAt: z.number().nullable().optional(),
  /** The package of the last record and when the server stored it (the Devices tab, spec 2 §2). */
  lastPackage: z.string().nullable().optional(),
  lastRecordAt: z.number().nullable().optional(),
  /** Each tank's smoothed litres by profile key, as the pipeline last read them (the Information Table). */
  fuelLevels: z.record(z.string(), z.number().nullable()).optional(),
});

/**
 * POST /api/user/gethierarchy {uid}: the user, its direct children (for a lazily loaded tree)
 * and the vehicles and devices it reaches.
 */
export const HierarchyResponseSchema = z.object({
  status: z.literal(200),
  user: UserDetailSchema,
  children: z.array(HierarchyNodeSchema),
  vehicles: z.array(VehicleSchema),
  devices: z.array(DeviceSchema),
});
export type HierarchyResponse = z.infer<typeof HierarchyResponseSchema>;

/** GET /api/version */
export const VersionResponseSchema = z.object({ version: z.string(), region: z.string() });
export type VersionResponse = z.infer<typeof VersionResponseSchema>;

export const UnknownDeviceSchema = z.object({
  protocol: z.string(),
  /** The device models that speak the protocol: Add Device is opened with the first. */
  models: z.array(z.string()),
  imei: z.string(),
  /** The tracker's address: for super and support only (null for distributors). */
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

/** A registered device that a second live connection claimed while one was open (ADR 0034). */
export const DeviceConflictSchema = z.object({
  dvid: z.string(),
  protocol: z.string(),
  imei: z.string(),
  /** The connection that took the device over, and the one it replaced. */
  remote: z.string().nullable(),
  previousRemote: z.string().nullable(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  takeovers: z.number(),
});

/** POST /api/device/conflicts/get {}: devices claimed by two connections at once (super and support). */
export const DeviceConflictsResponseSchema = z.object({
  status: z.literal(200),
  deviceConflicts: z.array(DeviceConflictSchema),
});
export type DeviceConflictsResponse = z.infer<typeof DeviceConflictsResponseSchema>;
export type DeviceConflict = z.infer<typeof DeviceConflictSchema>;
