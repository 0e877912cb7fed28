import { BULK_MAX_FILE_BYTES, BULK_MAX_ROWS } from '../bulk.ts';
import { geofenceColumns, type GeofenceColumnKey } from '../bulk-geofence.ts';

/*
 * Zones and POIs from map files (KML, GeoJSON, CSV) for the bulk geofence dialog: each file is
 * read into the rows of the geofence template (ADR 0072), so the same column and shape rules
 * check them and the same /geofence/add uploads them. What a file says that no row can hold
 * (a line, a polygon with holes) is the row's problem; what makes the file unreadable is its error.
 */

export type GeofenceFileFormat = 'xlsx' | 'kml' | 'geojson' | 'csv';

/** The format a file's name says: .xlsx, .kml, .geojson or .json, .csv; null for any other. */
export function geofenceFileFormat(name: string): GeofenceFileFormat | null {
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'kml' || ext === 'csv') return ext;
  return ext === 'geojson' || ext === 'json' ? 'geojson' : null;
}

/** Why a whole file is refused. */
export type GeofenceFileError =
  'fileTooLarge' | 'notText' | 'notXml' | 'notKml' | 'notJson' | 'notGeoJson' | 'csvQuote' | 'tooManyFeatures';

/** Why one feature cannot be a geofence. */
export type FeatureProblem =
  { code: 'geometry'; geometry: string } | { code: 'noGeometry' } | { code: 'holes' } | { code: 'coordinates' };

export interface GeofenceFileRow {
  /** The feature's number in the file (from 1), or the CSV line's record number (the header is 1). */
  rowNumber: number;
  /** Cells in the order of `header`. */
  cells: string[];
  problem: FeatureProblem | null;
}

export type GeofenceFileResult =
  { ok: true; header: string[]; rows: GeofenceFileRow[] } | { ok: false; error: GeofenceFileError };

export interface GeofenceFileLimits {
  chars: number;
  features: number;
}

export const GEOFENCE_FILE_LIMITS: GeofenceFileLimits = { chars: BULK_MAX_FILE_BYTES, features: BULK_MAX_ROWS };

/** A POI read from a point with no radius gets the one the POI form starts with. */
export const IMPORT_DEFAULT_RADIUS_M = 100;
/** A description longer than a geofence comment is cut to it. */
export const IMPORT_COMMENT_MAX = 1000;

const COLUMNS = geofenceColumns({ geofenceNames: [], templates: [] });
/** The header a KML or GeoJSON file is read under: the geofence template's columns. */
export const GEOFENCE_FILE_HEADER: readonly string[] = COLUMNS.map((c) => c.label);

/** What a map feature gave: its texts and its shape, [lat, lon] pairs. */
export interface ReadFeature {
  name: string;
  comment: string;
  templates: string;
  radius: string;
  shape: { kind: 'point'; at: [number, number] } | { kind: 'polygon'; ring: [number, number][] } | null;
  problem: FeatureProblem | null;
}

const text = (n: number) => String(n);

/** Drops a ring's closing point (map files repeat the first corner at the end; a zone does not). */
export function openRing(ring: [number, number][]): [number, number][] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
}

/** A read feature as a template row. */
export function featureRow(rowNumber: number, f: ReadFeature): GeofenceFileRow {
  const values: Record<GeofenceColumnKey, string> = {
    geofenceName: f.name.trim(),
    geoType: f.shape?.kind === 'polygon' ? 'Zone' : 'POI',
    latitude: '',
    longitude: '',
    radiusM: '',
    zonePoints: '',
    templates: f.templates.trim(),
    geofenceComment: f.comment.trim().slice(0, IMPORT_COMMENT_MAX),
  };
  if (f.shape?.kind === 'point') {
    values.latitude = text(f.shape.at[0]);
    values.longitude = text(f.shape.at[1]);
    values.radiusM = f.radius.trim() || text(IMPORT_DEFAULT_RADIUS_M);
  } else if (f.shape?.kind === 'polygon') {
    values.zonePoints = openRing(f.shape.ring)
      .map(([lat, lon]) => `${text(lat)} ${text(lon)}`)
      .join('; ');
  }
  return { rowNumber, cells: COLUMNS.map((c) => values[c.key]), problem: f.problem };
}

/** Reads "radius", "radius_m", "Radius (m)"… from a feature's named values; names are matched loosely. */
export function propertyOf(props: ReadonlyMap<string, string>, names: readonly string[]): string {
  for (const name of names) {
    const v = props.get(name);
    if (v !== undefined && v.trim() !== '') return v;
  }
  return '';
}

/** A property name as matched: lower case, no spaces, underscores or brackets ("Radius (m)" → "radiusm"). */
export const propertyKey = (name: string) => name.toLowerCase().replace(/[\s_()-]+/g, '');

export const NAME_KEYS = ['name', 'geofencename', 'title'];
export const RADIUS_KEYS = ['radiusm', 'radius', 'radiusmeters', 'radiusmetres'];
export const TEMPLATE_KEYS = ['geofencetemplates', 'templates', 'template'];
export const COMMENT_KEYS = ['comment', 'description', 'desc'];
