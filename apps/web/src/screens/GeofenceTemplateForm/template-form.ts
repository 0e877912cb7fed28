import type { GeofenceDto } from '@jejak/contract';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import type { FieldRule } from '../../ui/forms/field-errors.ts';

export interface TemplateFormValues {
  templateName?: string;
  colorHexCode?: string;
  geoids?: string[];
}

/** The geofence choices, sorted by name. */
export function geofenceOptions(geofences: readonly GeofenceDto[]): { value: string; label: string }[] {
  return [...geofences]
    .sort((a, b) => a.geofenceName.localeCompare(b.geofenceName) || a.geoid.localeCompare(b.geoid))
    .map((g) => ({ value: g.geoid, label: g.geofenceName }));
}

/** The first problem in the spec's order (spec 2 §5), or null. */
export function templateFormProblem(values: TemplateFormValues): string | null {
  if (!values.templateName?.trim()) return GEOFENCE_TEXTS.templateNameEmpty;
  if (!values.colorHexCode) return GEOFENCE_TEXTS.templateColorEmpty;
  return null;
}

/** What editing the membership means: geofences to add to the template and to take out of it. */
export function membershipChange(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } {
  return {
    added: after.filter((geoid) => !before.includes(geoid)),
    removed: before.filter((geoid) => !after.includes(geoid)),
  };
}

/** The field each of the form's messages (the console's checks and the server's answers) is shown at. */
export const TEMPLATE_FIELD_ERRORS: readonly FieldRule[] = [
  [[GEOFENCE_TEXTS.templateNameEmpty, GEOFENCE_TEXTS.builtInTemplate], 'templateName'],
  [GEOFENCE_TEXTS.templateColorEmpty, 'colorHexCode'],
  [GEOFENCE_TEXTS.geofenceNotFound, 'geoids'],
];
