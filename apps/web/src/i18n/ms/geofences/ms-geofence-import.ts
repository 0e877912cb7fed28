import { BULK_MAX_ROWS, IMPORT_DEFAULT_RADIUS_M } from '@jejak/contract';
import type { Strings } from '../../en.ts';

const count = (n: number) => n.toLocaleString('ms-MY');

/** Bahasa Malaysia of en-geofence-import.ts. */
export const msGeofenceImport: Strings['geofenceImport'] = {
  chooseFile: 'Pilih fail',
  hint: `Templat (.xlsx), atau fail KML, GeoJSON (.geojson, .json) atau CSV: paling banyak ${count(BULK_MAX_ROWS)} geopagar, 10 MB.`,
  formats: {
    title: 'Apa yang diberi oleh setiap fail',
    kml: `KML: setiap Placemark. Polygon menjadi zon, Point menjadi POI; jejari bulatannya dalam meter diambil daripada ExtendedData "radius" (jika tiada, ${IMPORT_DEFAULT_RADIUS_M} m). Namanya ialah nama Placemark.`,
    geojson: `GeoJSON: setiap Feature. Polygon menjadi zon, Point menjadi POI dengan sifat "radius" dalam meter (jika tiada, ${IMPORT_DEFAULT_RADIUS_M} m); sifat "name" menamakannya.`,
    csv: 'CSV: baris pengepala dengan lajur templat, dipisahkan dengan koma atau koma bertitik:',
  },
  csvColumns: {
    geofenceName: 'wajib',
    geoType: 'wajib: POI atau Zone',
    latitude: 'pusat POI, cth. 3.1390',
    longitude: 'pusat POI, cth. 101.6869',
    radiusM: 'bulatan POI dalam meter',
    zonePoints: 'bucu zon: "lat lon; lat lon; lat lon"',
    templates: 'pilihan: nama, dipisahkan dengan ;',
    geofenceComment: 'pilihan',
  },
  preview: 'Pratonton',
  previewHint: 'Bentuk baris, seperti yang akan ditambah',
  fileErrors: {
    notGeofenceName: 'Pilih fail .xlsx, .kml, .geojson, .json atau .csv.',
    notText:
      'Fail ini bukan fail teks (UTF-8): adakah ia fail yang betul? Fail .kmz mesti dinyahzip kepada .kml dahulu.',
    notXml: 'Fail ini bukan XML yang sah, jadi ia bukan fail KML. Eksport semula daripada program peta anda.',
    notKml: 'Fail XML ini bukan KML (akarnya bukan <kml>). Eksport tempat sebagai KML dan pilih semula.',
    notJson: 'Fail ini bukan JSON, jadi ia bukan fail GeoJSON. Eksport semula daripada program peta anda.',
    notGeoJson: 'Fail JSON ini bukan GeoJSON: ia memerlukan FeatureCollection, Feature atau geometri.',
    csvQuote: 'Medan berpetik dalam fail CSV ini tidak pernah ditutup: semak tanda petiknya.',
    tooManyFeatures: `Fail ini mempunyai lebih daripada ${count(BULK_MAX_ROWS)} geopagar. Pecahkan kepada fail yang paling banyak ${count(BULK_MAX_ROWS)}.`,
  },
  featureErrors: {
    geometry: (kind: string) => `${kind} bukan zon atau POI: hanya Polygon dan Point boleh diimport`,
    noGeometry: 'Ciri ini tiada bentuk (tiada Point atau Polygon)',
    holes: 'Zon tidak boleh berlubang: buang gelang dalam poligon',
    coordinates: 'Koordinat bentuk ini tidak dapat dibaca sebagai nombor (longitud,latitud)',
  },
};
