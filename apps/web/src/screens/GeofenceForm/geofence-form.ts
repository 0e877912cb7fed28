import { GEOFENCE_PALETTE, type GeofenceDto, type GeofenceTemplateDto } from '@jejak/contract';
import {
  BUILT_IN_GEOFENCE_TEMPLATE,
  GEOFENCE_TEXTS,
  geofenceShapeProblem,
  type GeofencePoint,
  type GeofenceType,
} from '@jejak/domain';
import type { FieldRule } from '../../ui/forms/field-errors.ts';

/** A new POI's radius until the user changes it: a building and its yard. */
export const DEFAULT_POI_RADIUS_M = 100;

export interface GeofenceFormValues {
  geofenceName?: string;
  geofenceComment?: string;
  geofenceRadius?: number | null;
  gtids?: string[];
}

/** Where a problem shows: beside its field, or (the drawn shape) in the toast alone. */
export interface FormProblem {
  field: 'geofenceName' | 'geofenceRadius' | null;
  text: string;
}

/**
 * The first problem of the form, in the server's order (name, then shape), with the server's own
 * texts: the contract runs the same geofenceShapeProblem on the call.
 */
export function geofenceFormProblem(
  geoType: GeofenceType,
  values: GeofenceFormValues,
  points: readonly GeofencePoint[] | null,
): FormProblem | null {
  if (!values.geofenceName?.trim()) return { field: 'geofenceName', text: GEOFENCE_TEXTS.nameEmpty };
  const text = geofenceShapeProblem({
    geoType,
    coordinates: [...(points ?? [])],
    geofenceRadius: geoType === 'POI' ? (values.geofenceRadius ?? null) : null,
  });
  if (!text) return null;
  return { field: text === GEOFENCE_TEXTS.poiRadius ? 'geofenceRadius' : null, text };
}

/** Spec 1 §3: the colour of the newest chosen template, else the default; '#RRGGBB'. */
export function templateColour(chosen: readonly string[], templates: readonly GeofenceTemplateDto[]): `#${string}` {
  let newest: GeofenceTemplateDto | undefined;
  for (const t of templates) if (chosen.includes(t.gtid) && (!newest || t.createdAt > newest.createdAt)) newest = t;
  return `#${(newest?.colorHexCode ?? GEOFENCE_PALETTE[0]).toUpperCase()}`;
}

const ungroupOf = (templates: readonly GeofenceTemplateDto[]) =>
  templates.find((t) => t.templateName === BUILT_IN_GEOFENCE_TEMPLATE)?.gtid;

/** The templates to save: those chosen, or none chosen: the built-in UNGROUP, as the server does on add. */
export function templatesToSave(chosen: readonly string[], templates: readonly GeofenceTemplateDto[]): string[] {
  if (chosen.length > 0) return [...chosen];
  const ungroup = ungroupOf(templates);
  return ungroup ? [ungroup] : [];
}

/** The form's starting values: the geofence's own, or a new one's (in UNGROUP, a POI of the default radius). */
export function initialFormValues(
  geofence: GeofenceDto | undefined,
  templates: readonly GeofenceTemplateDto[],
): GeofenceFormValues {
  if (geofence)
    return {
      geofenceName: geofence.geofenceName,
      geofenceComment: geofence.geofenceComment,
      geofenceRadius: geofence.geofenceRadius ?? DEFAULT_POI_RADIUS_M,
      gtids: geofence.gtids.filter((gtid) => templates.some((t) => t.gtid === gtid)),
    };
  const ungroup = ungroupOf(templates);
  return {
    geofenceName: '',
    geofenceComment: '',
    geofenceRadius: DEFAULT_POI_RADIUS_M,
    gtids: ungroup ? [ungroup] : [],
  };
}

/** A POI placed by a link (the dashboard's "Add as POI": ?lat=&lng=), when both are sound. */
export function pointFromSearch(search: URLSearchParams): GeofencePoint | null {
  const lat = Number(search.get('lat') ?? Number.NaN);
  const lng = Number(search.get('lng') ?? Number.NaN);
  const point = { lat, lng };
  const sound = geofenceShapeProblem({ geoType: 'POI', coordinates: [point], geofenceRadius: 1 }) === null;
  return search.get('lat') && search.get('lng') && sound ? point : null;
}

/** The options of the templates select, sorted by name. */
export function templateOptions(templates: readonly GeofenceTemplateDto[]): { value: string; label: string }[] {
  return templates
    .map((t) => ({ value: t.gtid, label: t.templateName }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The field each of the server's answers is shown at (the console's own checks name theirs: FormProblem). */
export const GEOFENCE_FIELD_ERRORS: readonly FieldRule[] = [
  [GEOFENCE_TEXTS.nameEmpty, 'geofenceName'],
  [GEOFENCE_TEXTS.poiRadius, 'geofenceRadius'],
  [GEOFENCE_TEXTS.templateNotFound, 'gtids'],
];
