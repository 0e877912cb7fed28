import { describe, expect, it } from 'vitest';
import { geofenceFileFormat, GEOFENCE_FILE_HEADER, readGeofenceCsv, readGeoJson, readKml } from './index.ts';

const col = (label: string) => GEOFENCE_FILE_HEADER.indexOf(label);
const cell = (cells: readonly string[], label: string) => cells[col(label)];

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document><name>Depots</name>
    <Folder>
      <Placemark>
        <name>Shah Alam &amp; Co</name>
        <description><![CDATA[<b>Loading</b> bay]]></description>
        <ExtendedData><Data name="radius"><value>250</value></Data></ExtendedData>
        <Point><coordinates>101.5185,3.0733,0</coordinates></Point>
      </Placemark>
      <Placemark>
        <name>Port Klang Yard</name>
        <ExtendedData><SchemaData><SimpleData name="Geofence Templates">Depots</SimpleData></SchemaData></ExtendedData>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>
          101.392,3.001 101.401,3.001 101.401,2.993 101.392,2.993 101.392,3.001
        </coordinates></LinearRing></outerBoundaryIs></Polygon>
      </Placemark>
      <Placemark><name>Pin</name><Point><coordinates>101.6869,3.139</coordinates></Point></Placemark>
      <Placemark><name>Road</name><LineString><coordinates>101,3 102,3</coordinates></LineString></Placemark>
      <Placemark><name>Donut</name><Polygon>
        <outerBoundaryIs><LinearRing><coordinates>101,3 102,3 102,4 101,3</coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>101.5,3.2 101.6,3.2 101.6,3.3 101.5,3.2</coordinates></LinearRing></innerBoundaryIs>
      </Polygon></Placemark>
      <Placemark><name>Broken</name><Point><coordinates>abc,3</coordinates></Point></Placemark>
      <Placemark><name>Nothing</name></Placemark>
    </Folder>
  </Document>
</kml>`;

describe('readKml', () => {
  it('reads a Point as a POI, its radius from ExtendedData, and a Polygon as a zone without its closing corner', () => {
    const r = readKml(KML);
    if (!r.ok) throw new Error(r.error);
    expect(r.header).toEqual(GEOFENCE_FILE_HEADER);
    const [poi, zone, pin] = r.rows;
    expect(poi?.cells).toEqual(['Shah Alam & Co', 'POI', '3.0733', '101.5185', '250', '', '', 'Loading bay']);
    expect(cell(zone?.cells ?? [], 'Type')).toBe('Zone');
    expect(cell(zone?.cells ?? [], 'Zone Points')).toBe('3.001 101.392; 3.001 101.401; 2.993 101.401; 2.993 101.392');
    expect(cell(zone?.cells ?? [], 'Geofence Templates')).toBe('Depots');
    expect(cell(pin?.cells ?? [], 'Radius (m)')).toBe('100');
    expect(r.rows.slice(0, 3).map((x) => x.problem)).toEqual([null, null, null]);
  });

  it('gives each placemark no geofence can hold its problem', () => {
    const r = readKml(KML);
    if (!r.ok) throw new Error(r.error);
    expect(r.rows.slice(3).map((x) => [x.rowNumber, x.problem])).toEqual([
      [4, { code: 'geometry', geometry: 'LineString' }],
      [5, { code: 'holes' }],
      [6, { code: 'coordinates' }],
      [7, { code: 'noGeometry' }],
    ]);
  });

  it('refuses a file that is not XML, not KML, too large or of too many placemarks', () => {
    expect(readKml('{"type": "FeatureCollection"}')).toEqual({ ok: false, error: 'notXml' });
    expect(readKml('<kml><Placemark></kml>')).toEqual({ ok: false, error: 'notXml' });
    expect(readKml('<kml><a>1 < 2</a></kml>')).toEqual({ ok: false, error: 'notXml' });
    expect(readKml('<gpx><wpt/></gpx>')).toEqual({ ok: false, error: 'notKml' });
    expect(readKml(KML, { chars: 100, features: 10 })).toEqual({ ok: false, error: 'fileTooLarge' });
    expect(readKml(KML, { chars: 1e6, features: 3 })).toEqual({ ok: false, error: 'tooManyFeatures' });
    expect(readKml('<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"/>')).toMatchObject({ ok: true, rows: [] });
  });
});

const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const feature = (geometry: unknown, properties: unknown = {}) => ({ type: 'Feature', geometry, properties });

describe('readGeoJson', () => {
  it('reads Points as POIs (radius from properties), Polygons and one-part MultiPolygons as zones', () => {
    const r = readGeoJson(
      collection([
        feature(
          { type: 'Point', coordinates: [101.5185, 3.0733] },
          { name: 'Depot', radius_m: 300, description: 'Gate 2' },
        ),
        feature(
          {
            type: 'Polygon',
            coordinates: [
              [
                [101.392, 3.001],
                [101.401, 3.001],
                [101.401, 2.993],
                [101.392, 3.001],
              ],
            ],
          },
          { Name: 'Yard' },
        ),
        feature(
          {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [101, 3],
                  [102, 3],
                  [102, 4],
                  [101, 3],
                ],
              ],
            ],
          },
          { title: 'Area' },
        ),
      ]),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.rows.map((x) => x.cells)).toEqual([
      ['Depot', 'POI', '3.0733', '101.5185', '300', '', '', 'Gate 2'],
      ['Yard', 'Zone', '', '', '', '3.001 101.392; 3.001 101.401; 2.993 101.401', '', ''],
      ['Area', 'Zone', '', '', '', '3 101; 3 102; 4 102', '', ''],
    ]);
  });

  it('reads one Feature or one geometry alone; a nameless one keeps an empty name for the rules', () => {
    const one = readGeoJson(JSON.stringify(feature({ type: 'Point', coordinates: [101, 3] }, null)));
    expect(one.ok && one.rows[0]?.cells.slice(0, 2)).toEqual(['', 'POI']);
    const bare = readGeoJson(JSON.stringify({ type: 'Point', coordinates: [101, 3] }));
    expect(bare.ok && bare.rows).toHaveLength(1);
  });

  it('gives wrong geometries, holes, bad coordinates and missing geometries their problems', () => {
    const r = readGeoJson(
      collection([
        feature(
          {
            type: 'LineString',
            coordinates: [
              [101, 3],
              [102, 3],
            ],
          },
          { name: 'Road' },
        ),
        feature({
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [101, 3],
                [102, 3],
                [102, 4],
              ],
            ],
            [
              [
                [1, 1],
                [2, 1],
                [2, 2],
              ],
            ],
          ],
        }),
        feature({
          type: 'Polygon',
          coordinates: [
            [
              [101, 3],
              [102, 3],
              [102, 4],
            ],
            [
              [101.1, 3.1],
              [101.2, 3.1],
              [101.2, 3.2],
            ],
          ],
        }),
        feature({ type: 'Point', coordinates: ['101', 3] }),
        feature(null),
        { type: 'Something' },
      ]),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.rows.map((x) => x.problem)).toEqual([
      { code: 'geometry', geometry: 'LineString' },
      { code: 'geometry', geometry: 'MultiPolygon' },
      { code: 'holes' },
      { code: 'coordinates' },
      { code: 'noGeometry' },
      { code: 'noGeometry' },
    ]);
  });

  it('refuses a file that is not JSON, not GeoJSON, too large or of too many features', () => {
    expect(readGeoJson('<kml/>')).toEqual({ ok: false, error: 'notJson' });
    expect(readGeoJson('{"type": "Topology"}')).toEqual({ ok: false, error: 'notGeoJson' });
    expect(readGeoJson('[1, 2]')).toEqual({ ok: false, error: 'notGeoJson' });
    const two = collection([feature(null), feature(null)]);
    expect(readGeoJson(two, { chars: 10, features: 5 })).toEqual({ ok: false, error: 'fileTooLarge' });
    expect(readGeoJson(two, { chars: 1e6, features: 1 })).toEqual({ ok: false, error: 'tooManyFeatures' });
  });
});

describe('readGeofenceCsv', () => {
  it('reads the header and rows, quoted fields with separators, quotes and line breaks', () => {
    const csv =
      '\uFEFFGeofence Name,Type,Latitude,Longitude,Radius (m),Zone Points\r\n' +
      'Depot,POI,3.0733,101.5185,200,\r\n' +
      '\r\n' +
      '"Yard ""A""",Zone,,,,"3.001 101.392; 3.001 101.401; 2.993 101.401"\n' +
      '"Two\nlines",POI,3,101,50,';
    const r = readGeofenceCsv(csv);
    if (!r.ok) throw new Error(r.error);
    expect(r.header).toEqual(['Geofence Name', 'Type', 'Latitude', 'Longitude', 'Radius (m)', 'Zone Points']);
    expect(r.rows.map((x) => [x.rowNumber, x.cells[0], x.cells[5]])).toEqual([
      [2, 'Depot', ''],
      [4, 'Yard "A"', '3.001 101.392; 3.001 101.401; 2.993 101.401'],
      [5, 'Two\nlines', ''],
    ]);
  });

  it('reads a semicolon-separated file as a comma-decimal spreadsheet writes it', () => {
    const r = readGeofenceCsv('Geofence Name;Type;Latitude;Longitude;Radius (m)\nDepot;POI;3.07;101.5;200\n');
    expect(r.ok && r.rows[0]?.cells).toEqual(['Depot', 'POI', '3.07', '101.5', '200']);
  });

  it('refuses an unclosed quote and too many rows', () => {
    expect(readGeofenceCsv('Geofence Name,Type\n"Depot,POI\n')).toEqual({ ok: false, error: 'csvQuote' });
    expect(readGeofenceCsv('Geofence Name,Type\na,POI\nb,POI\n', { chars: 1e6, features: 1 })).toEqual({
      ok: false,
      error: 'tooManyFeatures',
    });
  });
});

describe('geofenceFileFormat', () => {
  it('tells the format by the file name', () => {
    expect(['a.XLSX', 'a.kml', 'a.geojson', 'a.json', 'a.csv', 'a.kmz', 'a'].map(geofenceFileFormat)).toEqual([
      'xlsx',
      'kml',
      'geojson',
      'geojson',
      'csv',
      null,
      null,
    ]);
  });
});
