import { NO_DEVICE, type UserRelationsResponse } from '@jejak/contract';
import { HIERARCHY_SEPARATOR } from '@jejak/domain';

/** A device the vehicle form may offer: its id and the vehicle that has it, if any. */
export interface DeviceChoice {
  dvid: string;
  /** The device's owner. */
  uid: string;
  vid: string | null;
  vehiclePlate: string | null;
}

export interface DeviceOption {
  value: string;
  label: string;
  disabled: boolean;
}

/**
 * The device choices (spec 2 §5): free devices first, then those already on a vehicle
 * (disabled), each by id. Editing offers only the vehicle's own device and free ones.
 */
export function deviceOptions(devices: readonly DeviceChoice[], editing: { vid: string } | null): DeviceOption[] {
  const own = (d: DeviceChoice) => editing !== null && d.vid === editing.vid;
  const options = devices
    .filter((d) => !editing || d.vid === null || own(d))
    .map((d) => ({
      value: d.dvid,
      label: d.vid && !own(d) ? `${d.dvid} (${d.vehiclePlate ?? d.vid})` : d.dvid,
      disabled: d.vid !== null && !own(d),
    }));
  return options.sort((a, b) => Number(a.disabled) - Number(b.disabled) || a.value.localeCompare(b.value));
}

/**
 * The devices a vehicle of the target user may have: the target's own and its ancestors' (a
 * distributor lends its trackers to its fleet owners' vehicles).
 */
export function devicesFor(devices: readonly DeviceChoice[], targetHierarchy: string | null): DeviceChoice[] {
  if (targetHierarchy === null) return [...devices];
  const path = targetHierarchy.split(HIERARCHY_SEPARATOR);
  return devices.filter((d) => path.includes(d.uid));
}

/** Every device already has a vehicle: Add Vehicle shows the banner to Add Device (spec 2 §2). */
export function everyDeviceTaken(devices: readonly DeviceChoice[]): boolean {
  return devices.every((d) => d.vid !== null);
}

/** The device cannot be changed once set (spec 2 §5): only a vehicle without one may pick. */
export function deviceFixed(currentDvid: string | null): boolean {
  return currentDvid !== null && currentDvid !== NO_DEVICE;
}

/** Built-in names (spec 2 §3): every vehicle is in them whatever is chosen. */
export const BUILT_IN = { vehicleGroup: 'ALL', geofenceTemplate: 'UNGROUP', ruleTemplate: 'DEFAULT' } as const;

export interface Named {
  id: string;
  name: string;
}

export interface RelationChoices {
  vehicleGroups: Named[];
  geofenceTemplates: Named[];
  ruleTemplates: Named[];
}

/** The target user's groups and templates a form may choose: its own, built-ins left out (they always apply). */
export function relationChoices(relations: UserRelationsResponse | undefined): RelationChoices {
  return {
    vehicleGroups: (relations?.vehicleGroups ?? [])
      .filter((g) => g.groupName !== BUILT_IN.vehicleGroup)
      .map((g) => ({ id: g.vgid, name: g.groupName })),
    geofenceTemplates: (relations?.geofenceTemplates ?? [])
      .filter((t) => t.templateName !== BUILT_IN.geofenceTemplate)
      .map((t) => ({ id: t.id, name: t.templateName })),
    ruleTemplates: (relations?.ruleTemplates ?? [])
      .filter((t) => t.templateName !== BUILT_IN.ruleTemplate)
      .map((t) => ({ id: t.id, name: t.templateName })),
  };
}

export interface Chosen {
  vgids: readonly string[];
  gtids: readonly string[];
  rtids: readonly string[];
}

export interface MergeInput {
  chosen: Chosen;
  /** The target user's groups and templates. */
  target: UserRelationsResponse | undefined;
  targetName: string;
  /** The signed-in user's, when it is a distributor (its own 'ALL' is added too). */
  distributor: { relations: UserRelationsResponse | undefined; name: string } | null;
}

const unique = (items: Named[]): Named[] => items.filter((item, i) => items.findIndex((o) => o.id === item.id) === i);

/**
 * What will apply to the vehicle (spec 2 §5): the chosen groups and templates merged with the
 * target user's 'ALL', 'DEFAULT' and 'UNGROUP', and a distributor's own 'ALL', without
 * duplicates. The server does the same merge; the form shows it.
 */
export function mergedRelations({ chosen, target, targetName, distributor }: MergeInput): RelationChoices {
  const pick = (list: Named[], ids: readonly string[]) => list.filter((n) => ids.includes(n.id));
  const choices = relationChoices(target);
  const builtIn = (name: string, list: { id: string; name: string }[], owner: string) =>
    list.filter((n) => n.name === name).map((n) => ({ id: n.id, name: `${n.name} (${owner})` }));
  const groupsOf = (r: UserRelationsResponse | undefined) =>
    (r?.vehicleGroups ?? []).map((g) => ({ id: g.vgid, name: g.groupName }));
  const templates = (list: { id: string; templateName: string }[] | undefined) =>
    (list ?? []).map((t) => ({ id: t.id, name: t.templateName }));
  return {
    vehicleGroups: unique([
      ...pick(choices.vehicleGroups, chosen.vgids),
      ...builtIn(BUILT_IN.vehicleGroup, groupsOf(target), targetName),
      ...(distributor ? builtIn(BUILT_IN.vehicleGroup, groupsOf(distributor.relations), distributor.name) : []),
    ]),
    geofenceTemplates: unique([
      ...pick(choices.geofenceTemplates, chosen.gtids),
      ...builtIn(BUILT_IN.geofenceTemplate, templates(target?.geofenceTemplates), targetName),
    ]),
    ruleTemplates: unique([
      ...pick(choices.ruleTemplates, chosen.rtids),
      ...builtIn(BUILT_IN.ruleTemplate, templates(target?.ruleTemplates), targetName),
    ]),
  };
}
