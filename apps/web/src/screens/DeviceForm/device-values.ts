import {
  AddDeviceRequestSchema,
  DEVICE_MODELS,
  MANAGEMENT_TEXTS,
  SIM_PREFIX,
  UpdateDeviceRequestSchema,
  dvidOf,
  type AddDeviceRequest,
  type DeviceModel,
  type UpdateDeviceRequest,
} from '@jejak/contract';
import { settingsOfModel } from '@jejak/domain';
import type { z } from 'zod';
import type { FieldRule } from '../../ui/forms/field-errors.ts';

export interface DeviceFormValues {
  imei?: string;
  model?: DeviceModel | null;
  simCard?: string;
  brand?: string;
  targetUid?: string | null;
  /** The model's protocol settings (issue 29 item 2); others are dropped when sent. */
  settings?: Record<string, string | number | boolean>;
}

/** A device already registered, as the duplicate checks need it. */
export interface KnownDevice {
  dvid: string;
  simCard: string;
}

/** The SIM field starts as '+6' and goes back to '+6' when shortened below 2 characters (spec 2 §5). */
export function simInput(typed: string): string {
  return typed.length < SIM_PREFIX.length ? SIM_PREFIX : typed;
}

/** A new device's fields; a tracker picked from the unregistered list brings its IMEI and, if known, its model. */
export function newDeviceValues(
  targetUid: string | null,
  register: { imei: string; model: string | null } | null = null,
): DeviceFormValues {
  const model = DEVICE_MODELS.find((m) => m === register?.model);
  return { imei: register?.imei ?? '', simCard: SIM_PREFIX, brand: '', targetUid, ...(model ? { model } : {}) };
}

/** The SIM as sent: the bare '+6' start means none was entered. */
const simOf = (sim: string | undefined) => (!sim || sim.trim() === SIM_PREFIX ? '' : sim);

export type DeviceCheck<T> = { ok: true; request: T } | { ok: false; message: string };

const at = (issues: readonly z.core.$ZodIssue[], path: string) => issues.find((i) => i.path.join('.') === path);

/**
 * The checks of spec 2 §5 in order: IMEI, model, 'Device already exist' (on edit only when the
 * id differs from the current one), 'Sim Card is already in use' (by another device), target
 * user; the contract's schema gives the texts, so console and server agree.
 */
function check<T>(
  parsed: { success: true; data: T } | { success: false; error: z.ZodError },
  values: DeviceFormValues,
  known: readonly KnownDevice[],
  currentDvid: string | null,
): DeviceCheck<T> {
  const issues = parsed.success ? [] : parsed.error.issues;
  const first = at(issues, 'device.imei') ?? at(issues, 'device.model');
  if (first) return { ok: false, message: first.message };
  const dvid = dvidOf(values.model ?? '', (values.imei ?? '').trim());
  if (dvid !== currentDvid && known.some((d) => d.dvid === dvid))
    return { ok: false, message: MANAGEMENT_TEXTS.deviceExists };
  const sim = simOf(values.simCard).trim();
  if (sim && known.some((d) => d.simCard === sim && d.dvid !== currentDvid)) {
    return { ok: false, message: MANAGEMENT_TEXTS.simInUse };
  }
  const rest = at(issues, 'device.uid') ?? issues[0];
  if (rest || !parsed.success) return { ok: false, message: rest?.message ?? MANAGEMENT_TEXTS.somethingWrong };
  return { ok: true, request: parsed.data };
}

/** Only the settings the chosen model takes: switching the model leaves the other's behind. */
function settingsOf(values: DeviceFormValues): Record<string, string | number | boolean> {
  const names = new Set(settingsOfModel(values.model ?? '').map((s) => s.name));
  return Object.fromEntries(
    Object.entries(values.settings ?? {}).filter(([name, v]) => names.has(name) && v !== undefined && v !== null),
  );
}

function deviceBody(values: DeviceFormValues) {
  return {
    imei: values.imei ?? '',
    model: values.model ?? '',
    simCard: simOf(values.simCard),
    brand: values.brand ?? '',
    uid: values.targetUid ?? '',
    settings: settingsOf(values),
  };
}

export function checkNewDevice(values: DeviceFormValues, known: readonly KnownDevice[]): DeviceCheck<AddDeviceRequest> {
  return check(AddDeviceRequestSchema.safeParse({ device: deviceBody(values) }), values, known, null);
}

export function checkDeviceUpdate(
  values: DeviceFormValues,
  dvid: string,
  known: readonly KnownDevice[],
): DeviceCheck<UpdateDeviceRequest> {
  return check(UpdateDeviceRequestSchema.safeParse({ device: { dvid, ...deviceBody(values) } }), values, known, dvid);
}

/** The field each of the form's messages (the console's checks and the server's answers) is shown at. */
export const DEVICE_FIELD_ERRORS: readonly FieldRule[] = [
  [[MANAGEMENT_TEXTS.deviceImeiEmpty, MANAGEMENT_TEXTS.imeiFormat, MANAGEMENT_TEXTS.deviceExists], 'imei'],
  [[MANAGEMENT_TEXTS.deviceModelEmpty, MANAGEMENT_TEXTS.modelUnknown], 'model'],
  [[MANAGEMENT_TEXTS.simInUse, MANAGEMENT_TEXTS.simFormat], 'simCard'],
  [
    [
      MANAGEMENT_TEXTS.deviceTargetUserEmpty,
      MANAGEMENT_TEXTS.deviceTargetNotDistributor,
      MANAGEMENT_TEXTS.targetNotFleetHolder,
    ],
    'targetUid',
  ],
];
