import {
  AddVehicleRequestSchema,
  MANAGEMENT_TEXTS as T,
  UpdateVehicleRequestSchema,
  type AddVehicleRequest,
  type ManagedVehicle,
  type UpdateVehicleRequest,
  type VehicleType,
} from '@jejak/contract';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  DEFAULT_MONTHS_AHEAD,
  dayPickerValue,
  dayStartMs,
  monthsAheadMs,
  pickedDayMs,
} from '../../ui/fleet/fleet-dates.ts';
import type { FieldRule } from '../../ui/forms/field-errors.ts';
import { profileOf, tankProblem, tanksOf, type TankDraft } from './fuel-tanks.ts';

/** The service counters (next mileage km, next working hour) of spec 2 §3; they start at 0. */
export const COUNT_FIELDS = [
  'engineServiceNextMileage',
  'engineServiceNextWorkingHour',
  'transmissionServiceNextMileage',
  'rearAxleServiceNextMileage',
  'serviceNextMileage',
] as const;
/** The dates of spec 2 §3: subscription starts today, the others default to 3 months ahead. */
export const DAY_FIELDS = [
  'engineServiceDueDate',
  'transmissionServiceDueDate',
  'rearAxleServiceDueDate',
  'serviceDueDate',
  'permitDueDate',
  'subsStartDate',
  'subsEndDate',
] as const;
type CountField = (typeof COUNT_FIELDS)[number];
type DayField = (typeof DAY_FIELDS)[number];

export type VehicleFormValues = {
  dvid?: string | null;
  vehicleDisplayName?: string;
  vehiclePlate?: string;
  vehicleModel?: string;
  vehicleType?: VehicleType | null;
  targetUid?: string | null;
  vgids?: string[];
  gtids?: string[];
  rtids?: string[];
  tanks?: TankDraft[];
} & { [K in CountField]?: number | null } & { [K in DayField]?: Dayjs | null };

/** A new vehicle's form (spec 2 §4): 0 on the counters, dates in the user's days from today, the default tank. */
export function newVehicleValues(nowMs: number, targetUid: string | null, timeZone?: string): VehicleFormValues {
  const ahead = dayPickerValue(monthsAheadMs(nowMs, DEFAULT_MONTHS_AHEAD, timeZone), timeZone);
  const values: VehicleFormValues = { targetUid, vgids: [], gtids: [], rtids: [], tanks: tanksOf(undefined) };
  for (const field of COUNT_FIELDS) values[field] = 0;
  for (const field of DAY_FIELDS) values[field] = ahead;
  values.subsStartDate = dayPickerValue(dayStartMs(nowMs, timeZone), timeZone);
  return values;
}

/** An existing vehicle's form; groups and templates limited to those the target user may choose. */
export function vehicleValues(vehicle: ManagedVehicle, choosable: (id: string) => boolean, timeZone?: string) {
  const values: VehicleFormValues = {
    dvid: vehicle.dvid,
    vehicleDisplayName: vehicle.vehicleDisplayName,
    vehiclePlate: vehicle.vehiclePlate,
    vehicleModel: vehicle.vehicleModel,
    vehicleType: vehicle.vehicleType as VehicleType,
    targetUid: vehicle.uid,
    vgids: vehicle.vehicleGroups.map((g) => g.vgid).filter(choosable),
    gtids: vehicle.gtids.filter(choosable),
    rtids: vehicle.rtids.filter(choosable),
    tanks: tanksOf(vehicle.fuelProfile),
  };
  for (const field of COUNT_FIELDS) values[field] = vehicle[field];
  for (const field of DAY_FIELDS) {
    const ms = vehicle[field];
    values[field] = ms === null ? null : dayPickerValue(ms, timeZone);
  }
  return values;
}

/** The request body the form's values make; `vid` for an edit. */
export function vehicleRequest(values: VehicleFormValues, vid: string | null, timeZone?: string) {
  const vehicle: Record<string, unknown> = {
    ...(vid ? { vid } : {}),
    dvid: values.dvid ?? '',
    vehicleDisplayName: values.vehicleDisplayName ?? '',
    vehiclePlate: values.vehiclePlate ?? '',
    vehicleModel: values.vehicleModel ?? '',
    vehicleType: values.vehicleType ?? undefined,
    fuelProfile: profileOf(values.tanks ?? []),
  };
  for (const field of COUNT_FIELDS) vehicle[field] = values[field] ?? null;
  for (const field of DAY_FIELDS) {
    const day = values[field];
    vehicle[field] = day ? pickedDayMs(day, timeZone) : null;
  }
  return {
    vehicle,
    user: { uid: values.targetUid ?? '' },
    vgids: values.vgids ?? [],
    gtids: values.gtids ?? [],
    rtids: values.rtids ?? [],
  };
}

/** The spec's six checks (spec 2 §5), in order, by the path of the field each one reads. */
const SPEC_ORDER = [
  'vehicle.dvid',
  'vehicle.vehicleDisplayName',
  'vehicle.vehiclePlate',
  'vehicle.vehicleModel',
  'vehicle.vehicleType',
  'user.uid',
  'user',
];

export type VehicleCheck<T> = { ok: true; request: T } | { ok: false; message: string };

function firstProblem(issues: readonly z.core.$ZodIssue[], tanks: readonly TankDraft[]): string {
  const at = (issue: z.core.$ZodIssue) => issue.path.join('.');
  for (const path of SPEC_ORDER) {
    const issue = issues.find((i) => at(i) === path);
    if (issue) return issue.message;
  }
  return tankProblem(tanks) ?? issues[0]?.message ?? '';
}

/**
 * Checks the form with the contract's schema, so the console and the server agree: the first
 * message in the spec's order, then 'Error at tank {n}…', then any other field's.
 */
export function checkVehicle(values: VehicleFormValues, timeZone?: string): VehicleCheck<AddVehicleRequest> {
  const parsed = AddVehicleRequestSchema.safeParse(vehicleRequest(values, null, timeZone));
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, message: firstProblem(parsed.error.issues, values.tanks ?? []) };
}

export function checkVehicleUpdate(
  values: VehicleFormValues,
  vid: string,
  timeZone?: string,
): VehicleCheck<UpdateVehicleRequest> {
  const parsed = UpdateVehicleRequestSchema.safeParse(vehicleRequest(values, vid, timeZone));
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, message: firstProblem(parsed.error.issues, values.tanks ?? []) };
}

/** The field each of the form's messages (the console's checks and the server's answers) is shown at. */
export const VEHICLE_FIELD_ERRORS: readonly FieldRule[] = [
  [[T.vehicleDeviceEmpty, T.deviceTaken, T.deviceFixed, T.deviceOwnerMismatch, T.deviceNotFound], 'dvid'],
  [T.vehicleNameEmpty, 'vehicleDisplayName'],
  [[T.vehiclePlateEmpty, T.plateInUse], 'vehiclePlate'],
  [T.vehicleModelEmpty, 'vehicleModel'],
  [T.vehicleTypeEmpty, 'vehicleType'],
  [[T.vehicleTargetUserEmpty, T.targetNotFleetHolder], 'targetUid'],
  [[T.vehicleGroupNotFound, T.allGroupKeepsVehicles], 'vgids'],
  [T.ruleTemplateNotFound, 'rtids'],
  [T.subscriptionEndsBeforeStart, 'subsEndDate'],
];
