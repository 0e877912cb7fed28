import { BULK_MAX_ROWS, IMPORT_DEFAULT_RADIUS_M } from '@jejak/contract';

const count = (n: number) => n.toLocaleString('en');

/** English strings of importing zones and POIs from map files (issue 26 item 8). */
export const enGeofenceImport = {
  chooseFile: 'Choose file',
  hint: `The template (.xlsx), or a KML, GeoJSON (.geojson, .json) or CSV file: at most ${count(BULK_MAX_ROWS)} geofences, 10 MB.`,
  formats: {
    title: 'What each file gives',
    kml: `KML: each Placemark. A Polygon is a zone, a Point a POI; its circle's radius in metres comes from ExtendedData "radius" (else ${IMPORT_DEFAULT_RADIUS_M} m). The name is the Placemark's name.`,
    geojson: `GeoJSON: each Feature. A Polygon is a zone, a Point a POI with the property "radius" in metres (else ${IMPORT_DEFAULT_RADIUS_M} m); the property "name" names it.`,
    csv: 'CSV: a header row with the template’s columns, comma- or semicolon-separated:',
  },
  csvColumns: {
    geofenceName: 'required',
    geoType: 'required: POI or Zone',
    latitude: 'a POI’s centre, e.g. 3.1390',
    longitude: 'a POI’s centre, e.g. 101.6869',
    radiusM: 'a POI’s circle in metres',
    zonePoints: 'a zone’s corners: "lat lon; lat lon; lat lon"',
    templates: 'optional: names, separated by ;',
    geofenceComment: 'optional',
  },
  preview: 'Preview',
  previewHint: 'The shapes of the rows, as they will be added',
  /** Why a whole map file is refused. */
  fileErrors: {
    notGeofenceName: 'Choose an .xlsx, .kml, .geojson, .json or .csv file.',
    notText: 'This file is not a text file (UTF-8): is it the right file? A .kmz must be unzipped to its .kml first.',
    notXml: 'This file is not well-formed XML, so it is not a KML file. Export it again from your map program.',
    notKml: 'This XML file is not KML (its root is not <kml>). Export the places as KML and choose it again.',
    notJson: 'This file is not JSON, so it is not a GeoJSON file. Export it again from your map program.',
    notGeoJson: 'This JSON file is not GeoJSON: it needs a FeatureCollection, a Feature or a geometry.',
    csvQuote: 'A quoted field in this CSV file never closes: check its quotation marks.',
    tooManyFeatures: `The file has more than ${count(BULK_MAX_ROWS)} geofences. Split it into files of at most ${count(BULK_MAX_ROWS)}.`,
  },
  /** Why one feature of a map file cannot be a geofence. */
  featureErrors: {
    geometry: (kind: string) => `A ${kind} is not a zone or a POI: only Polygons and Points can be imported`,
    noGeometry: 'This feature has no shape (no Point or Polygon)',
    holes: 'A zone cannot have holes: remove the polygon’s inner rings',
    coordinates: 'The coordinates of this shape do not read as numbers (longitude,latitude)',
  },
};
