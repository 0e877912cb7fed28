import {
  BUILT_IN_GEOFENCE_TEMPLATE,
  GEOFENCE_TEXTS,
  geofenceShapeProblem,
  seenBefore,
  type BulkColumn,
  type BulkRowRule,
  type CellIssue,
  type GeofencePoint,
  type GeofenceType,
} from '@jejak/domain';
import type { AddGeofenceRequest } from './geofences.ts';

/*
 * Bulk add geofences (spec 1 §9: a geofence template beside the device and vehicle ones): one
 * row per POI or zone. A POI is a centre (Latitude, Longitude) and a Radius; a zone's corners
 * sit in one cell as 'lat lon; lat lon; …', which a spreadsheet keeps as plain text. The shape
 * is checked by the domain's geofenceShapeProblem, the very rule /geofence/add applies.
 */

export type GeofenceColumnKey =
  'geofenceName' | 'geoType' | 'latitude' | 'longitude' | 'radiusM' | 'zonePoints' | 'templates' | 'geofenceComment';

/** The Type cell's choices, as the console shows them (a Polygon is shown as Zone). */
export const BULK_GEOFENCE_TYPES = ['POI', 'Zone'] as const;
/** Separates the zone's points, and the template names, in one cell. */
export const BULK_LIST_SEPARATOR = ';';
const NAME_MAX = 120;
const COMMENT_MAX = 1000;

export const BULK_GEOFENCE_TEXTS = {
  typeEmpty: 'Please choose a geofence type: POI or Zone',
  typeUnknown: 'Type must be POI or Zone',
  nameLong: `Geofence name must be at most ${NAME_MAX} characters`,
  nameTwice: 'This geofence name is given twice in the file',
  nameExists: 'A geofence of this name exists already: another is added',
  commentLong: `Comment must be at most ${COMMENT_MAX} characters`,
  latitudeNumber: 'Latitude must be a number, e.g. 3.1390',
  longitudeNumber: 'Longitude must be a number, e.g. 101.6869',
  radiusNumber: 'Radius (m) must be a number of metres, e.g. 200',
  poiCentre: 'A POI needs its Latitude and Longitude',
  zonePointsEmpty: 'A zone needs its Zone Points: "lat lon; lat lon; lat lon"',
  poiHasPoints: 'Zone Points are not used for a POI: its Latitude and Longitude are its centre',
  zoneHasCentre: 'Latitude, Longitude and Radius are not used for a zone: its Zone Points are its shape',
} as const;

/** 'Point 2 of Zone Points is not "lat lon"' — the first point that does not read. */
export function bulkZonePointBad(n: number): string {
  return `Point ${n} of Zone Points is not "lat lon" (e.g. 3.1390 101.6869)`;
}

/** 'No geofence template named "Depots"' — a Geofence Templates name the user does not have. */
export function bulkTemplateUnknown(name: string): string {
  return `No geofence template named "${name}"`;
}

const fail = (message: string): CellIssue => ({ level: 'error', message });
const warn = (message: string): CellIssue => ({ level: 'warning', message });

/** The type a cell names: POI, Zone or Polygon, whatever its case; null when none. */
export function geofenceTypeOf(value: string): GeofenceType | null {
  const v = value.trim().toLowerCase();
  if (v === 'poi') return 'POI';
  return v === 'zone' || v === 'polygon' ? 'Polygon' : null;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const numberOf = (v: string): number | null => (NUMBER.test(v.trim()) ? Number(v) : null);
const listOf = (v: string) =>
  v
    .split(BULK_LIST_SEPARATOR)
    .map((x) => x.trim())
    .filter((x) => x !== '');

/** A Zone Points cell as points, or the number (from 1) of the first point that does not read. */
export function parseZonePoints(value: string): { ok: true; points: GeofencePoint[] } | { ok: false; bad: number } {
  const points: GeofencePoint[] = [];
  for (const [i, text] of listOf(value).entries()) {
    const parts = text.split(/[\s,]+/).filter((p) => p !== '');
    const lat = parts.length === 2 ? numberOf(parts[0] ?? '') : null;
    const lng = parts.length === 2 ? numberOf(parts[1] ?? '') : null;
    if (lat === null || lng === null) return { ok: false, bad: i + 1 };
    points.push({ lat, lng });
  }
  return { ok: true, points };
}

/** What the geofence rows are checked against: the user's geofences and templates. */
export interface GeofenceBulkContext {
  geofenceNames: readonly string[];
  templates: readonly { gtid: string; templateName: string }[];
}

const numberRule = (message: string) => (v: string) => (v === '' || numberOf(v) !== null ? null : fail(message));

/** Bulk add geofence columns, in template order. */
export function geofenceColumns(ctx: GeofenceBulkContext): BulkColumn<GeofenceColumnKey>[] {
  const names = new Set(ctx.geofenceNames.map((n) => n.trim().toLowerCase()));
  const templates = new Set(ctx.templates.map((t) => t.templateName.toLowerCase()));
  return [
    {
      key: 'geofenceName',
      label: 'Geofence Name',
      rule: (v, column, i) => {
        if (v === '') return fail(GEOFENCE_TEXTS.nameEmpty);
        if (v.length > NAME_MAX) return fail(BULK_GEOFENCE_TEXTS.nameLong);
        if (seenBefore(v, column, i)) return warn(BULK_GEOFENCE_TEXTS.nameTwice);
        return names.has(v.toLowerCase()) ? warn(BULK_GEOFENCE_TEXTS.nameExists) : null;
      },
    },
    {
      key: 'geoType',
      label: 'Type',
      rule: (v) => {
        if (v === '') return fail(BULK_GEOFENCE_TEXTS.typeEmpty);
        return geofenceTypeOf(v) ? null : fail(BULK_GEOFENCE_TEXTS.typeUnknown);
      },
    },
    { key: 'latitude', label: 'Latitude', optional: true, rule: numberRule(BULK_GEOFENCE_TEXTS.latitudeNumber) },
    { key: 'longitude', label: 'Longitude', optional: true, rule: numberRule(BULK_GEOFENCE_TEXTS.longitudeNumber) },
    { key: 'radiusM', label: 'Radius (m)', optional: true, rule: numberRule(BULK_GEOFENCE_TEXTS.radiusNumber) },
    {
      key: 'zonePoints',
      label: 'Zone Points',
      optional: true,
      rule: (v) => {
        const parsed = parseZonePoints(v);
        return parsed.ok ? null : fail(bulkZonePointBad(parsed.bad));
      },
    },
    {
      key: 'templates',
      label: 'Geofence Templates',
      optional: true,
      rule: (v) => {
        const unknown = listOf(v).find((name) => !templates.has(name.toLowerCase()));
        return unknown === undefined ? null : fail(bulkTemplateUnknown(unknown));
      },
    },
    {
      key: 'geofenceComment',
      label: 'Comment',
      optional: true,
      rule: (v) => (v.length > COMMENT_MAX ? fail(BULK_GEOFENCE_TEXTS.commentLong) : null),
    },
  ];
}

type GeofenceRow = Readonly<Record<GeofenceColumnKey, string>>;
type Shape = { geoType: GeofenceType; coordinates: GeofencePoint[]; geofenceRadius: number | null };

/** A row's shape once its cells passed, or the first reason it has none. */
function shapeOf(values: GeofenceRow): Shape | string {
  const geoType = geofenceTypeOf(values.geoType) ?? 'POI';
  if (geoType === 'Polygon') {
    const parsed = parseZonePoints(values.zonePoints);
    if (!parsed.ok || parsed.points.length === 0) return BULK_GEOFENCE_TEXTS.zonePointsEmpty;
    return { geoType, coordinates: parsed.points, geofenceRadius: null };
  }
  const lat = numberOf(values.latitude);
  const lng = numberOf(values.longitude);
  if (lat === null || lng === null) return BULK_GEOFENCE_TEXTS.poiCentre;
  return { geoType, coordinates: [{ lat, lng }], geofenceRadius: numberOf(values.radiusM) };
}

/** The row rule of bulk add geofence: the shape passes the domain's geofence check. */
export const geofenceRowRule: BulkRowRule<GeofenceColumnKey> = (values) => {
  const shape = shapeOf(values);
  if (typeof shape === 'string') return fail(shape);
  const problem = geofenceShapeProblem(shape);
  if (problem) return fail(problem);
  if (shape.geoType === 'POI' && values.zonePoints !== '') return warn(BULK_GEOFENCE_TEXTS.poiHasPoints);
  const centre = values.latitude !== '' || values.longitude !== '' || values.radiusM !== '';
  return shape.geoType === 'Polygon' && centre ? warn(BULK_GEOFENCE_TEXTS.zoneHasCentre) : null;
};

/**
 * POST /geofence/add of a checked row, owned by `uid`: the named templates (found case-blind),
 * or none, so the server puts it in its owner's UNGROUP.
 */
export function geofenceRowRequest(
  values: GeofenceRow,
  uid: string,
  templates: readonly { gtid: string; templateName: string }[],
): AddGeofenceRequest {
  const shape = shapeOf(values);
  if (typeof shape === 'string') throw new Error(`unchecked geofence row: ${shape}`);
  const gtids = listOf(values.templates).flatMap((name) => {
    const t = templates.find((x) => x.templateName.toLowerCase() === name.toLowerCase());
    return t ? [t.gtid] : [];
  });
  return {
    geofence: {
      ...shape,
      geofenceName: values.geofenceName,
      geofenceComment: values.geofenceComment,
      uid,
      gtids: [...new Set(gtids)],
    },
  };
}

/** The template's example rows: a POI and a zone that pass every rule (every user has UNGROUP). */
export const BULK_GEOFENCE_EXAMPLES: readonly GeofenceRow[] = [
  {
    geofenceName: 'Shah Alam Warehouse',
    geoType: 'POI',
    latitude: '3.0733',
    longitude: '101.5185',
    radiusM: '200',
    zonePoints: '',
    templates: BUILT_IN_GEOFENCE_TEMPLATE,
    geofenceComment: 'Loading bay',
  },
  {
    geofenceName: 'Port Klang Yard',
    geoType: 'Zone',
    latitude: '',
    longitude: '',
    radiusM: '',
    zonePoints: '3.0010 101.3920; 3.0010 101.4010; 2.9930 101.4010; 2.9930 101.3920',
    templates: '',
    geofenceComment: '',
  },
];
