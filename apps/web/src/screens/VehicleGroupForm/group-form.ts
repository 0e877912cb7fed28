import { MANAGEMENT_TEXTS, type ManagedVehicle } from '@jejak/contract';
import type { FieldRule } from '../../ui/forms/field-errors.ts';

export interface VehicleGroupFormValues {
  groupName?: string;
  colorHexCode?: string;
  vids?: string[];
}

/** Key separator between display name and id in vehicle selects (spec 2 §9). */
export const KEY_SEPARATOR = ' - ';

/** The Assign Vehicle(s) options: 'name - vid', sorted by display name (spec 2 §2, §9). */
export function vehicleOptions(vehicles: readonly ManagedVehicle[]): { value: string; label: string }[] {
  return [...vehicles]
    .sort((a, b) => a.vehicleDisplayName.localeCompare(b.vehicleDisplayName) || a.vid.localeCompare(b.vid))
    .map((v) => ({ value: v.vid, label: `${v.vehicleDisplayName}${KEY_SEPARATOR}${v.vid}` }));
}

/**
 * A group's members in the options' order (by display name, spec 2 §2 "vehicles sorted by display
 * name"); members not among the options (not loaded, or out of reach) keep their place after them.
 */
export function membersInDisplayOrder(vids: readonly string[], options: readonly { value: string }[]): string[] {
  const members = new Set(vids);
  const known = options.map((o) => o.value).filter((vid) => members.has(vid));
  const shown = new Set(known);
  return [...known, ...vids.filter((vid) => !shown.has(vid))];
}

/** The first problem of the form, in the spec's order (spec 2 §5), or null. */
export function groupFormProblem(uid: string | undefined, values: VehicleGroupFormValues): string | null {
  if (!uid) return MANAGEMENT_TEXTS.currentUserNotFound;
  if (!values.groupName?.trim()) return MANAGEMENT_TEXTS.vehicleGroupNameEmpty;
  if (!values.colorHexCode) return MANAGEMENT_TEXTS.vehicleGroupColorEmpty;
  return null;
}

/** The field each of the form's messages (the console's checks and the server's answers) is shown at. */
export const GROUP_FIELD_ERRORS: readonly FieldRule[] = [
  [[MANAGEMENT_TEXTS.vehicleGroupNameEmpty, MANAGEMENT_TEXTS.builtInGroup], 'groupName'],
  [MANAGEMENT_TEXTS.vehicleGroupColorEmpty, 'colorHexCode'],
  [[MANAGEMENT_TEXTS.vehicleNotFound, MANAGEMENT_TEXTS.allGroupKeepsVehicles], 'vids'],
];
