import { z } from 'zod';
import { TRANSIT_STATUSES } from '@jejak/domain';
import { FuelProfileSchema } from './fleet.ts';
import { ID, InstantMs, RequiredId, requiredName, requiredText, text } from '../core/fields.ts';

/*
 * The management calls of spec 2 §7 for devices, vehicles and vehicle groups (issue 11).
 * Texts marked "spec" are spec 2 §5 and §8 to the letter; the others are the server's own.
 */

/** Vehicle type options (spec 2 §3); the label of each is in VEHICLE_TYPE_LABELS. */
export const VEHICLE_TYPES = ['Bus', '4x4Drive', 'Motocar', 'Motocycle', 'Taxi', 'Truck', 'Van', 'Other'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLE_TYPE_LABELS: Readonly<Record<VehicleType, string>> = {
  Bus: 'Bus',
  '4x4Drive': 'Four Wheel Drive',
  Motocar: 'Motocar',
  Motocycle: 'Motocycle',
  Taxi: 'Taxi',
  Truck: 'Truck',
  Van: 'Van',
  Other: 'Other',
};

/**
 * Every device model the gateway speaks (the `model` of `dvid = {model}#{imei}`): GPS100 and
 * TEL100 of spec 2, then one per further protocol. The server test holds this list equal to the
 * protocol table's models.
 */
export const DEVICE_MODELS = [
  'GPS100',
  'TEL100',
  'H02',
  'OSMAND',
  'MT90',
  'GL300',
  'TK103',
  'FMPRO4',
  'ST300',
  'JT808',
] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];
export const DEVICE_MODEL_LABELS: Readonly<Record<DeviceModel, string>> = {
  GPS100: 'GPS100 (GT06)',
  TEL100: 'TEL100 (Teltonika)',
  H02: 'H02',
  OSMAND: 'OsmAnd',
  MT90: 'MT90 (Meitrack)',
  GL300: 'GL300 (Queclink GL200)',
  TK103: 'TK103 (Coban GPS103)',
  FMPRO4: 'FM-Pro4 (Ruptela)',
  ST300: 'ST300 (Suntech)',
  JT808: 'JT808 (JT/T 808: Jimi, Concox)',
};

/** The vehicle group palette (spec 2 §9), upper-case hex; the first is the default. */
export const VEHICLE_GROUP_PALETTE = ['FFFFFF', 'FFCCCC', 'E6ECFF', 'E6FFE6', 'FFFFB3', 'FFE6FF', 'F2E6FF'] as const;

/** '-' is a vehicle's dvid when it has no device (spec 2 §3). */
export const NO_DEVICE = '-';
/** The SIM field's start (spec 2 §5) and the prefix every SIM must have. */
export const SIM_PREFIX = '+6';

export const MANAGEMENT_TEXTS = {
  // spec 2 §5: add and edit vehicle, in the order they are checked
  vehicleDeviceEmpty: 'Please select a device for this vehicle',
  vehicleNameEmpty: 'Please enter a vehicle name',
  vehiclePlateEmpty: 'Please enter vehicle plate',
  vehicleModelEmpty: 'Please enter a vehicle model',
  vehicleTypeEmpty: 'Please select vehicle type',
  vehicleTargetUserEmpty: 'Please select target user',
  targetUserHint: 'Only fleet owner and distributors are allowed.',
  // spec 2 §4
  reloadingPage: 'Reloading page',
  // spec 2 §8
  vehicleAddError: 'Error in adding vehicle',
  vehicleEditError: 'Error in editing vehicle',
  vehicleAdded: 'Successfully Add New Vehicle',
  vehicleEdited: 'Successfully Edited the Vehicle',
  somethingWrong: 'Something went wrong',
  deviceAdded: 'Successfully Added New Device',
  deviceEdited: 'Successfully Edited the Device',
  vehicleGroupAdded: 'Successfully Added New Vehicle Group',
  vehicleGroupEdited: 'Successfully Edited Vehicle Group',
  vehicleGroupAssigned: 'Successfully Assigned Vehicle Group',
  // spec 2 §5: add and edit device
  deviceImeiEmpty: 'Device Imei cannot be blank',
  deviceSettingsInvalid: 'Tracker settings refused:',
  deviceModelEmpty: 'Device Model cannot be blank',
  deviceExists: 'Device already exist',
  simInUse: 'Sim Card is already in use',
  deviceTargetUserEmpty: 'Please select a target user',
  // spec 2 §5: bulk add devices (per row)
  bulkSimEmpty: 'Please enter a sim card number!',
  bulkSimInUse: 'Sim card is already in use!',
  bulkSimCountry: 'Sim card does not have Malaysian country code (+6)!',
  // spec 2 §5: bulk create vehicles and the upload
  bulkNoRows: 'Excel has no rows of data',
  // spec 2 §5: vehicle group
  currentUserNotFound: 'Current User ID Not Found',
  vehicleGroupNameEmpty: "Please Enter The Vehicle Group's Name",
  vehicleGroupColorEmpty: 'Please Enter A Vehicle Color For The Vehicle Group',
  // server messages
  imeiFormat: 'IMEI must be 1 to 32 letters, digits, dots, dashes or underscores',
  modelUnknown: `Device model must be one of ${DEVICE_MODELS.join(', ')}`,
  simFormat: 'Sim card must be +6 followed by 8 to 13 digits',
  targetNotFleetHolder: 'Vehicles and devices can be assigned only to fleet owners and distributors',
  deviceNotFound: 'Device does not exist',
  deviceIdentityFixed: 'The IMEI and model of a device cannot change after it is added',
  deviceTargetNotDistributor: 'Devices can be assigned only to distributors',
  deviceGroupNotFound: 'Device group does not exist',
  deviceTaken: 'Device is already assigned to another vehicle',
  deviceFixed: 'The device of a vehicle cannot be changed once set',
  deviceOwnerMismatch: 'The device does not belong to the target user',
  vehicleNotFound: 'Vehicle does not exist',
  vehicleGroupNotFound: 'Vehicle group does not exist',
  builtInGroup: "The 'ALL' vehicle group cannot be renamed or created",
  /** Every vehicle of a user stays in their 'ALL' group (spec 2 §4 merges it in on every save). */
  allGroupKeepsVehicles: "A vehicle cannot leave the 'ALL' vehicle group. Add it to another vehicle group instead.",
  plateInUse: 'A vehicle with this plate already exists for this user',
  ruleTemplateNotFound: 'Rule template does not exist',
  subscriptionEndsBeforeStart: 'The subscription cannot end before it starts',
} as const;

/** 'Error at tank {n}…' is in fleet/fleet.ts (fuelTankError). Bulk texts with a value in them: */
export function bulkInvalidImei(available: readonly string[]): string {
  // Said whole when no device is free, rather than cut after "are" (issue 26).
  if (available.length === 0) return 'Invalid imei. Available devices are none: add the device first';
  return `Invalid imei. Available devices are ${available.join(', ')}`;
}
export const BULK_DEVICE_ASSIGNED = 'Device is already assigned to a vehicle';
export function bulkMissingColumn(label: string, schema: readonly string[]): string {
  return `Missing column "${label}" in uploaded excel. Column schema should be ${schema.join(', ')}`;
}

/** IMEIs (or, for OsmAnd, the app's device id): no '#', which separates model and IMEI in a dvid. */
const IMEI_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
/** +6 then the rest of a Malaysian number: 8 to 13 digits. */
const SIM_PATTERN = /^\+6\d{8,13}$/;

export function isValidImei(imei: string): boolean {
  return IMEI_PATTERN.test(imei);
}
export function isValidSim(sim: string): boolean {
  return SIM_PATTERN.test(sim);
}

/**
 * A SIM as a spreadsheet may hold it, put back in the form's shape: spaces, dashes and brackets
 * dropped; '60…' (Excel turns '+60…' into a number and drops the '+') and the local '0…' given
 * their '+6' (issue 26). Anything else is left for the rules to judge.
 */
export function normalizeSim(sim: string): string {
  const compact = sim.replace(/[\s\-().]/g, '');
  if (/^60\d{8,12}$/.test(compact)) return `+${compact}`;
  if (/^0\d{8,11}$/.test(compact)) return `${SIM_PREFIX}${compact}`;
  return compact;
}
export function dvidOf(model: string, imei: string): string {
  return `${model}#${imei}`;
}

const ImeiField = requiredText(32, MANAGEMENT_TEXTS.deviceImeiEmpty).refine(isValidImei, MANAGEMENT_TEXTS.imeiFormat);
const ModelField = text({ error: MANAGEMENT_TEXTS.deviceModelEmpty })
  .trim()
  .min(1, MANAGEMENT_TEXTS.deviceModelEmpty)
  .pipe(z.enum(DEVICE_MODELS, { error: MANAGEMENT_TEXTS.modelUnknown }));
const SimField = text()
  .trim()
  .max(20, MANAGEMENT_TEXTS.simFormat)
  .refine((s) => s === '' || isValidSim(s), MANAGEMENT_TEXTS.simFormat);
const BrandField = text().trim().max(60, 'at most 60 characters').default('');
/**
 * The protocol's per-device settings (issue 29 item 2): names and values are checked against the
 * model's settings by the server (domain DEVICE_SETTINGS); here only their shape and size.
 */
const SettingsField = z
  .record(text().max(40), z.union([text().max(40), z.number().finite(), z.boolean()]))
  .refine((s) => Object.keys(s).length <= 20, 'at most 20 settings');
export const DeviceSettingsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

// ---------------------------------------------------------------- devices

/** A device as Management's Devices tab shows it (spec 2 §2), kept live by the live channel. */
export const ManagedDeviceSchema = z.object({
  dvid: z.string(),
  uid: z.string(),
  /** The target user's name, for the table. */
  userName: z.string(),
  model: z.string(),
  imei: z.string(),
  brand: z.string(),
  simCard: z.string(),
  /** 1 when a vehicle has the device (spec 2 §4). */
  assignedStatus: z.union([z.literal(0), z.literal(1)]),
  vid: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  vehicleDisplayName: z.string().nullable(),
  engineStatus: z.boolean().nullable(),
  gpsStatus: z.boolean().nullable(),
  speed: z.number().nullable(),
  /** Fuel level percent of the fitted vehicle's tanks together, by the last record that read fuel (ADR 0038). */
  fuel: z.number().nullable(),
  location: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  /** The package (message kind) of the last record, e.g. 'gps', 'gps#memory'. */
  package: z.string().nullable(),
  deviceTime: z.number().nullable(),
  /** When the server last stored a record of the device. */
  updatedAt: z.number().nullable(),
  createdAt: z.number(),
  dgids: z.array(z.string()),
  /** The protocol's per-device settings, as set in the device form (empty for most models). */
  settings: DeviceSettingsSchema,
});
export type ManagedDevice = z.infer<typeof ManagedDeviceSchema>;

/** A device's fields as the forms send them (spec 2 §5, in the order they are checked). */
const DeviceFieldsSchema = z.object({
  imei: ImeiField,
  model: ModelField,
  simCard: SimField,
  brand: BrandField,
  settings: SettingsField.optional(),
  /** The target user (spec 2 §5 'Please select a target user'). */
  uid: text({ error: MANAGEMENT_TEXTS.deviceTargetUserEmpty })
    .trim()
    .min(1, MANAGEMENT_TEXTS.deviceTargetUserEmpty)
    .max(64),
});

/** POST /device/add {dgid, device}: registers a tracker for a distributor. */
export const AddDeviceRequestSchema = z.object({
  /** The device group to put it in; the target user's 'ALL' when omitted or null. */
  dgid: ID.nullable().optional(),
  device: DeviceFieldsSchema,
});
export type AddDeviceRequest = z.infer<typeof AddDeviceRequestSchema>;

/** POST /device/update {device}: the SIM, brand and target user; IMEI and model are fixed. */
export const UpdateDeviceRequestSchema = z.object({
  device: z.object({ dvid: RequiredId }).extend(DeviceFieldsSchema.shape),
});
export type UpdateDeviceRequest = z.infer<typeof UpdateDeviceRequestSchema>;

/** The answer of /device/add and /device/update (spec 2 §7: status, device, message). */
export const DeviceResponseSchema = z.object({
  status: z.literal(200),
  device: ManagedDeviceSchema,
  message: z.string(),
});
export type DeviceResponse = z.infer<typeof DeviceResponseSchema>;

/** POST /device/vgid/get {uid, vgids}: the devices of the vehicles in these groups (all the user reaches when empty). */
export const DevicesOfGroupsRequestSchema = z.object({ uid: RequiredId, vgids: z.array(ID).max(1000) });
/** POST /device/group/get {dgids, uid}: the user's device groups with their devices (all when dgids is empty). */
export const DeviceGroupsRequestSchema = z.object({ uid: RequiredId, dgids: z.array(ID).max(1000) });
export const DevicesResponseSchema = z.object({ status: z.literal(200), devices: z.array(ManagedDeviceSchema) });
export type DevicesResponse = z.infer<typeof DevicesResponseSchema>;

export const DeviceGroupSchema = z.object({
  dgid: z.string(),
  uid: z.string(),
  groupName: z.string(),
  devices: z.array(ManagedDeviceSchema),
});
export type DeviceGroup = z.infer<typeof DeviceGroupSchema>;
export const DeviceGroupsResponseSchema = z.object({
  status: z.literal(200),
  deviceGroups: z.array(DeviceGroupSchema),
});
export type DeviceGroupsResponse = z.infer<typeof DeviceGroupsResponseSchema>;

// ---------------------------------------------------------------- vehicles

const optionalDay = InstantMs.nullable().default(null);
const optionalCount = z.number().min(0).max(100_000_000).nullable().default(null);

/** The fields of a vehicle the forms fill (spec 2 §3), checked in the spec's order (§5). */
const VehicleFieldsSchema = z.object({
  /** '-' for no device (bulk create); a form always picks one. */
  dvid: text({ error: MANAGEMENT_TEXTS.vehicleDeviceEmpty }).trim().min(1, MANAGEMENT_TEXTS.vehicleDeviceEmpty).max(64),
  vehicleDisplayName: requiredName(120, MANAGEMENT_TEXTS.vehicleNameEmpty),
  vehiclePlate: requiredName(20, MANAGEMENT_TEXTS.vehiclePlateEmpty),
  vehicleModel: requiredName(120, MANAGEMENT_TEXTS.vehicleModelEmpty),
  vehicleType: z.enum(VEHICLE_TYPES, { error: MANAGEMENT_TEXTS.vehicleTypeEmpty }),
  /** Optional: the default tank of spec 2 §9 when omitted. */
  fuelProfile: FuelProfileSchema.optional(),
  engineServiceNextMileage: optionalCount,
  engineServiceNextWorkingHour: optionalCount,
  engineServiceDueDate: optionalDay,
  transmissionServiceNextMileage: optionalCount,
  transmissionServiceDueDate: optionalDay,
  rearAxleServiceNextMileage: optionalCount,
  rearAxleServiceDueDate: optionalDay,
  serviceNextMileage: optionalCount,
  serviceDueDate: optionalDay,
  permitDueDate: optionalDay,
  subsStartDate: optionalDay,
  subsEndDate: optionalDay,
});

const TargetUserSchema = z.object(
  {
    uid: text({ error: MANAGEMENT_TEXTS.vehicleTargetUserEmpty })
      .trim()
      .min(1, MANAGEMENT_TEXTS.vehicleTargetUserEmpty)
      .max(64),
    userRole: text().max(40).optional(),
  },
  { error: MANAGEMENT_TEXTS.vehicleTargetUserEmpty },
);

const RelationLists = {
  /** Chosen vehicle groups, geofence templates and rule templates of the target user; the
   * server adds its 'ALL', 'UNGROUP' and 'DEFAULT' (and a distributor caller's own 'ALL'). */
  vgids: z.array(ID).max(500).default([]),
  gtids: z.array(ID).max(500).default([]),
  rtids: z.array(ID).max(500).default([]),
};

/** POST /vehicle/add {vehicle, user, vgids, gtids, rtids}. */
export const AddVehicleRequestSchema = z.object({
  vehicle: VehicleFieldsSchema,
  user: TargetUserSchema,
  ...RelationLists,
});
export type AddVehicleRequest = z.infer<typeof AddVehicleRequestSchema>;

/** POST /vehicle/update {vehicle, user, vgids, gtids, rtids}: the device cannot change once set. */
export const UpdateVehicleRequestSchema = z.object({
  vehicle: VehicleFieldsSchema.extend({ vid: RequiredId }),
  user: TargetUserSchema,
  ...RelationLists,
});
export type UpdateVehicleRequest = z.infer<typeof UpdateVehicleRequestSchema>;

export const VehicleGroupRefSchema = z.object({
  vgid: z.string(),
  groupName: z.string(),
  /** The group owner's name: tells the owner's 'ALL' from its distributor's. */
  subName: z.string(),
  colorHexCode: z.string(),
});

/** A vehicle as Management's Vehicles tab and the edit form need it (spec 2 §2, §3). */
export const ManagedVehicleSchema = z.object({
  vid: z.string(),
  uid: z.string(),
  userName: z.string(),
  dvid: z.string(),
  simCard: z.string().nullable(),
  vehiclePlate: z.string(),
  vehicleDisplayName: z.string(),
  vehicleType: z.string(),
  vehicleModel: z.string(),
  transitStatus: z.enum(TRANSIT_STATUSES).nullable(),
  /** Odometer, km. */
  mileage: z.number(),
  createdAt: z.number(),
  updatedAt: z.number().nullable(),
  fuelProfile: FuelProfileSchema,
  vehicleGroups: z.array(VehicleGroupRefSchema),
  gtids: z.array(z.string()),
  rtids: z.array(z.string()),
  engineServiceNextMileage: z.number().nullable(),
  engineServiceNextWorkingHour: z.number().nullable(),
  engineServiceDueDate: z.number().nullable(),
  transmissionServiceNextMileage: z.number().nullable(),
  transmissionServiceDueDate: z.number().nullable(),
  rearAxleServiceNextMileage: z.number().nullable(),
  rearAxleServiceDueDate: z.number().nullable(),
  serviceNextMileage: z.number().nullable(),
  serviceDueDate: z.number().nullable(),
  permitDueDate: z.number().nullable(),
  subsStartDate: z.number().nullable(),
  subsEndDate: z.number().nullable(),
});
export type ManagedVehicle = z.infer<typeof ManagedVehicleSchema>;

/** The answer of /vehicle/add and /vehicle/update (spec 2 §7: vehicle, status, message). */
export const VehicleResponseSchema = z.object({
  status: z.literal(200),
  vehicle: ManagedVehicleSchema,
  message: z.string(),
});
export type VehicleResponse = z.infer<typeof VehicleResponseSchema>;

/** POST /vehicle/get {uid}: every vehicle the user reaches, for the Vehicles tab. */
export const VehiclesRequestSchema = z.object({ uid: RequiredId });
export const VehiclesResponseSchema = z.object({ status: z.literal(200), vehicles: z.array(ManagedVehicleSchema) });
export type VehiclesResponse = z.infer<typeof VehiclesResponseSchema>;

// ---------------------------------------------------------------- vehicle groups

/** Colours are stored upper-case hex without '#' (spec 2 §5). */
const GroupColorSchema = text({ error: MANAGEMENT_TEXTS.vehicleGroupColorEmpty })
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, MANAGEMENT_TEXTS.vehicleGroupColorEmpty)
  .transform((c) => c.replace('#', '').toUpperCase());
const GroupOwnerSchema = text({ error: MANAGEMENT_TEXTS.currentUserNotFound })
  .trim()
  .min(1, MANAGEMENT_TEXTS.currentUserNotFound)
  .max(64);
const GroupNameSchema = requiredText(120, MANAGEMENT_TEXTS.vehicleGroupNameEmpty);

export const VehicleGroupSchema = z.object({
  vgid: z.string(),
  uid: z.string(),
  groupName: z.string(),
  /** Shown under the name: the owner's name (spec 2 §3 subName). */
  subName: z.string(),
  colorHexCode: z.string(),
  /** Members as vids (spec 2 §3 "vehicles"). */
  vehicles: z.array(z.string()),
  createdAt: z.number(),
});
export type VehicleGroup = z.infer<typeof VehicleGroupSchema>;

/** POST /vehicle/group/get {vgids, uid}: the named groups, or every group the user owns or was given when empty. */
export const GetVehicleGroupsRequestSchema = z.object({ uid: RequiredId, vgids: z.array(ID).max(1000) });
/** POST /vehicle/group/add {uid, colorHexCode, vehicleGroupName}. */
export const AddVehicleGroupRequestSchema = z.object({
  uid: GroupOwnerSchema,
  vehicleGroupName: GroupNameSchema,
  colorHexCode: GroupColorSchema,
});
/** POST /vehicle/group/edit {vehicleGroup}: name and colour; members are set by /updatevehicles and /assign. */
export const EditVehicleGroupRequestSchema = z.object({
  vehicleGroup: z.object({
    vgid: RequiredId,
    groupName: GroupNameSchema,
    colorHexCode: GroupColorSchema,
    /** When given, the group's members become exactly these. */
    vehicles: z.array(ID).max(5000).optional(),
  }),
});
/** POST /vehicle/group/assign/vehicle {uid, vgid, vids}: adds vehicles to a group. */
export const AssignVehiclesRequestSchema = z.object({
  uid: GroupOwnerSchema,
  vgid: RequiredId,
  vids: z.array(ID).max(5000),
});
/** POST /vehicle/group/reassign/vehicle {uid, vid, vgids}: the vehicle's groups (of `uid`) become exactly these. */
export const ReassignVehicleRequestSchema = z.object({
  uid: GroupOwnerSchema,
  vid: RequiredId,
  vgids: z.array(ID).max(1000),
});
/** POST /vehicle/group/updatevehicles {vid, srcUid, srcVgid, destUid, destVgid}: moves a vehicle between groups. */
export const MoveVehicleRequestSchema = z.object({
  vid: RequiredId,
  srcUid: RequiredId,
  srcVgid: RequiredId,
  destUid: RequiredId,
  destVgid: RequiredId,
});
export const VehicleGroupsResponseSchema = z.object({
  status: z.literal(200),
  vehicleGroups: z.array(VehicleGroupSchema),
});
export const VehicleGroupResponseSchema = z.object({
  status: z.literal(200),
  vehicleGroup: VehicleGroupSchema,
  message: z.string(),
});
export type GetVehicleGroupsRequest = z.infer<typeof GetVehicleGroupsRequestSchema>;
export type AddVehicleGroupRequest = z.infer<typeof AddVehicleGroupRequestSchema>;
export type EditVehicleGroupRequest = z.infer<typeof EditVehicleGroupRequestSchema>;
export type AssignVehiclesRequest = z.infer<typeof AssignVehiclesRequestSchema>;
export type ReassignVehicleRequest = z.infer<typeof ReassignVehicleRequestSchema>;
export type MoveVehicleRequest = z.infer<typeof MoveVehicleRequestSchema>;
export type VehicleGroupsResponse = z.infer<typeof VehicleGroupsResponseSchema>;
export type VehicleGroupResponse = z.infer<typeof VehicleGroupResponseSchema>;

/**
 * Paths of the management calls (under /api). The server's helper spreads them into API_PATHS
 * once each has its route, matrix entry and request sample.
 */
export const MANAGEMENT_PATHS = {
  deviceAdd: '/device/add',
  deviceUpdate: '/device/update',
  deviceVgidGet: '/device/vgid/get',
  deviceGroupGet: '/device/group/get',
  vehicleGet: '/vehicle/get',
  vehicleAdd: '/vehicle/add',
  vehicleUpdate: '/vehicle/update',
  vehicleGroupGet: '/vehicle/group/get',
  vehicleGroupAdd: '/vehicle/group/add',
  vehicleGroupEdit: '/vehicle/group/edit',
  vehicleGroupAssign: '/vehicle/group/assign/vehicle',
  vehicleGroupReassign: '/vehicle/group/reassign/vehicle',
  vehicleGroupUpdateVehicles: '/vehicle/group/updatevehicles',
} as const;
