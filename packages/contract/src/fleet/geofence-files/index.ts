import { readGeofenceCsv } from './read-csv.ts';
import { readGeoJson } from './read-geojson.ts';
import { readKml } from './read-kml.ts';
import type { GeofenceFileFormat, GeofenceFileLimits, GeofenceFileResult } from './geofence-file.ts';

export * from './geofence-file.ts';
export { readGeofenceCsv, readGeoJson, readKml };

/** A KML, GeoJSON or CSV file's text as geofence template rows. */
export function readGeofenceText(
  format: Exclude<GeofenceFileFormat, 'xlsx'>,
  text: string,
  limits?: GeofenceFileLimits,
): GeofenceFileResult {
  if (format === 'kml') return readKml(text, limits);
  return format === 'geojson' ? readGeoJson(text, limits) : readGeofenceCsv(text, limits);
}
