import { z } from 'zod';
import { seenBefore, type BulkColumn, type CellIssue } from '@jejak/domain';
import {
  BULK_DEVICE_ASSIGNED,
  bulkInvalidImei,
  DEVICE_MODELS,
  isValidImei,
  isValidSim,
  normalizeSim,
  MANAGEMENT_TEXTS,
  NO_DEVICE,
  SIM_PREFIX,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
  type AddDeviceRequest,
  type AddVehicleRequestSchema,
  type DeviceModel,
  type VehicleType,
} from './management.ts';
import { BULK_GEOFENCE_EXAMPLES, type GeofenceColumnKey } from './bulk-geofence.ts';

/*
 * The bulk uploads of spec 2 §2 and §5 (Bulk Add Device, Bulk Create Vehicles) and spec 1 §9's
 * geofence one (bulk-geofence.ts): their columns, each with its rule, shared by the server's
 * templates and the console's dialog so the header a template writes is the header the dialog
 * looks for.
 */

export const BULK_KINDS = ['device', 'vehicle', 'geofence'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** POST /bulk/template {kind}: the .xlsx template of one bulk upload. */
export const BulkTemplateRequestSchema = z.object({ kind: z.enum(BULK_KINDS) });
export type BulkTemplateRequest = z.infer<typeof BulkTemplateRequestSchema>;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows one file may hold: 2,000 devices upload in a few minutes; a bigger file is split. */
export const BULK_MAX_ROWS = 5000;
/** Largest .xlsx the dialog opens (compressed); a 5,000-row sheet is well under 1 MB. */
export const BULK_MAX_FILE_BYTES = 10 * 1024 * 1024;

export const BULK_TEXTS = {
  plateTwice: 'This plate is given twice in the file',
  imeiTwice: 'This IMEI is given twice in the file',
  typeUnknown: `Vehicle type must be one of ${VEHICLE_TYPES.join(', ')}`,
  noModel: `No vehicle model: saved as "${NO_DEVICE}"`,
  noType: 'No vehicle type: saved as Other',
  brandLong: 'Brand must be at most 60 characters',
} as const;
/** How many free devices 'Invalid imei. Available devices are …' lists before "and N more". */
const LISTED_DEVICES = 10;

const fail = (message: string): CellIssue => ({ level: 'error', message });
const warn = (message: string): CellIssue => ({ level: 'warning', message });

export type DeviceColumnKey = 'imei' | 'model' | 'simCard' | 'brand';
export type VehicleColumnKey = 'vehicleDisplayName' | 'vehiclePlate' | 'imei' | 'vehicleModel' | 'vehicleType';

/** The model a cell names, whatever its case; null when none. */
export function deviceModelOf(value: string): DeviceModel | null {
  return DEVICE_MODELS.find((m) => m.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

/** The type a cell names, by key ('4x4Drive') or label ('Four Wheel Drive'), whatever its case. */
export function vehicleTypeOf(value: string): VehicleType | null {
  const v = value.trim().toLowerCase();
  return VEHICLE_TYPES.find((t) => t.toLowerCase() === v || VEHICLE_TYPE_LABELS[t].toLowerCase() === v) ?? null;
}

/** What the device rows are checked against: the devices the user already reaches. */
export interface DeviceBulkContext {
  simsInUse: ReadonlySet<string>;
  imeisInUse: ReadonlySet<string>;
}

/** Bulk add device columns (spec 2 §5 "Bulk add devices (per row)"), in template order. */
export function deviceColumns(ctx: DeviceBulkContext): BulkColumn<DeviceColumnKey>[] {
  return [
    {
      key: 'imei',
      label: 'IMEI',
      rule: (v, column, i) => {
        if (v === '') return fail(MANAGEMENT_TEXTS.deviceImeiEmpty);
        if (!isValidImei(v)) return fail(MANAGEMENT_TEXTS.imeiFormat);
        if (ctx.imeisInUse.has(v)) return fail(MANAGEMENT_TEXTS.deviceExists);
        return seenBefore(v, column, i) ? fail(BULK_TEXTS.imeiTwice) : null;
      },
    },
    {
      key: 'model',
      label: 'Model',
      rule: (v) => {
        if (v === '') return fail(MANAGEMENT_TEXTS.deviceModelEmpty);
        return deviceModelOf(v) ? null : fail(MANAGEMENT_TEXTS.modelUnknown);
      },
    },
    {
      key: 'simCard',
      label: 'SIM Card',
      normalize: normalizeSim,
      rule: (v, column, i) => {
        if (v === '') return fail(MANAGEMENT_TEXTS.bulkSimEmpty);
        if (ctx.simsInUse.has(v) || seenBefore(v, column, i)) return fail(MANAGEMENT_TEXTS.bulkSimInUse);
        if (!v.startsWith(SIM_PREFIX)) return fail(MANAGEMENT_TEXTS.bulkSimCountry);
        return isValidSim(v) ? null : fail(MANAGEMENT_TEXTS.simFormat);
      },
    },
    {
      key: 'brand',
      label: 'Brand',
      optional: true,
      rule: (v) => (v.length > 60 ? fail(BULK_TEXTS.brandLong) : null),
    },
  ];
}

/** A device the vehicle rows may name by IMEI. */
export interface BulkDeviceChoice {
  dvid: string;
  imei: string;
  /** True when a vehicle already has it (assignedStatus 1). */
  assigned: boolean;
}

export interface VehicleBulkContext {
  devices: readonly BulkDeviceChoice[];
  platesInUse: ReadonlySet<string>;
}

/** Bulk create vehicle columns (spec 2 §5 "Bulk create vehicles"), in template order. */
export function vehicleColumns(ctx: VehicleBulkContext): BulkColumn<VehicleColumnKey>[] {
  const byImei = new Map(ctx.devices.map((d) => [d.imei, d]));
  const free = ctx.devices.filter((d) => !d.assigned).map((d) => d.imei);
  const listed =
    free.length > LISTED_DEVICES
      ? [...free.slice(0, LISTED_DEVICES), `and ${free.length - LISTED_DEVICES} more`]
      : free;
  const plates = new Set([...ctx.platesInUse].map((p) => p.toLowerCase()));
  return [
    {
      key: 'vehicleDisplayName',
      label: 'Display Name',
      rule: (v) => (v === '' ? fail(MANAGEMENT_TEXTS.vehicleNameEmpty) : null),
    },
    {
      key: 'vehiclePlate',
      label: 'Plate',
      rule: (v, column, i) => {
        if (v === '') return fail(MANAGEMENT_TEXTS.vehiclePlateEmpty);
        if (plates.has(v.toLowerCase())) return fail(MANAGEMENT_TEXTS.plateInUse);
        return seenBefore(v, column, i) ? fail(BULK_TEXTS.plateTwice) : null;
      },
    },
    {
      key: 'imei',
      label: 'IMEI',
      optional: true,
      rule: (v, column, i) => {
        if (v === '') return null;
        const device = byImei.get(v);
        if (!device) return fail(bulkInvalidImei(listed));
        return device.assigned || seenBefore(v, column, i) ? fail(BULK_DEVICE_ASSIGNED) : null;
      },
    },
    {
      key: 'vehicleModel',
      label: 'Vehicle Model',
      optional: true,
      rule: (v) => (v === '' ? warn(BULK_TEXTS.noModel) : null),
    },
    {
      key: 'vehicleType',
      label: 'Vehicle Type',
      optional: true,
      rule: (v) => {
        if (v === '') return warn(BULK_TEXTS.noType);
        return vehicleTypeOf(v) ? null : fail(BULK_TEXTS.typeUnknown);
      },
    },
  ];
}

/** POST /device/add of a checked row: the target user's 'ALL' device group (dgid null, spec 2 §7). */
export function deviceRowRequest(values: Readonly<Record<DeviceColumnKey, string>>, uid: string): AddDeviceRequest {
  return {
    dgid: null,
    device: {
      imei: values.imei,
      model: deviceModelOf(values.model) ?? 'GPS100',
      simCard: values.simCard,
      brand: values.brand,
      uid,
    },
  };
}

/**
 * POST /vehicle/add of a checked row: dvid '-' without an IMEI; no groups or templates, since the
 * server merges the target user's 'ALL', 'UNGROUP' and 'DEFAULT' into every new vehicle.
 */
export function vehicleRowRequest(
  values: Readonly<Record<VehicleColumnKey, string>>,
  user: { uid: string; userRole?: string },
  devices: readonly BulkDeviceChoice[],
): z.input<typeof AddVehicleRequestSchema> {
  const device = values.imei ? devices.find((d) => d.imei === values.imei) : undefined;
  return {
    vehicle: {
      dvid: device?.dvid ?? NO_DEVICE,
      vehicleDisplayName: values.vehicleDisplayName,
      vehiclePlate: values.vehiclePlate,
      vehicleModel: values.vehicleModel || NO_DEVICE,
      vehicleType: vehicleTypeOf(values.vehicleType) ?? 'Other',
    },
    user,
    vgids: [],
    gtids: [],
    rtids: [],
  };
}

/** The template's example rows: each passes every rule, as a customer would fill it. */
export const BULK_EXAMPLES = {
  device: [{ imei: '865205030001234', model: 'GPS100', simCard: '+60123456789', brand: 'Concox' }],
  vehicle: [
    {
      vehicleDisplayName: 'Lorry 1',
      vehiclePlate: 'WXY 1234',
      imei: '',
      vehicleModel: 'Hino 300',
      vehicleType: 'Truck',
    },
  ],
  geofence: BULK_GEOFENCE_EXAMPLES,
} as const satisfies {
  device: readonly Record<DeviceColumnKey, string>[];
  vehicle: readonly Record<VehicleColumnKey, string>[];
  geofence: readonly Record<GeofenceColumnKey, string>[];
};
