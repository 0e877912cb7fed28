import { describe, expect, it } from 'vitest';
import { checkRows, GEOFENCE_TEXTS, matchHeader, type SheetRow } from '@jejak/domain';
import {
  BULK_GEOFENCE_TEXTS as G,
  bulkTemplateUnknown,
  bulkZonePointBad,
  geofenceColumns,
  geofenceRowRequest,
  geofenceRowRule,
  parseZonePoints,
} from './bulk-geofence.ts';
import { AddGeofenceRequestSchema } from './geofences.ts';

const TEMPLATES = [
  { gtid: 'g-un', templateName: 'UNGROUP' },
  { gtid: 'g-dep', templateName: 'Depots' },
];
const columns = geofenceColumns({ geofenceNames: ['Old Depot'], templates: TEMPLATES });
const header = matchHeader(
  columns,
  columns.map((c) => c.label),
);
if (!header.ok) throw new Error('header');
const SQUARE = '3.0 101.0; 3.0 101.1; 2.9 101.1; 2.9 101.0';
/** Points from lat, lng pairs. */
const points = (...latLngs: number[]) =>
  latLngs.flatMap((lat, i) => (i % 2 === 0 ? [{ lat, lng: latLngs[i + 1] ?? NaN }] : []));
const check = (...cells: string[][]) =>
  checkRows(
    columns,
    header.indexes,
    cells.map((c, i): SheetRow => ({ rowNumber: i + 2, cells: c })),
    geofenceRowRule,
  );

describe('bulk add geofence rows (spec 1 §9)', () => {
  it.each([
    [['Depot', 'POI', '3.07', '101.51', '200', '', 'depots; UNGROUP', 'x'], 'READY', null],
    [['Yard', 'zone', '', '', '', SQUARE, '', ''], 'READY', null],
    [['Yard', 'Polygon', '', '', '', '3,101; 3,101.1; 2.9,101.1', '', ''], 'READY', null],
    [['', 'POI', '3', '101', '200', '', '', ''], 'FAILED', GEOFENCE_TEXTS.nameEmpty],
    [['x'.repeat(121), 'POI', '3', '101', '200', '', '', ''], 'FAILED', G.nameLong],
    [['Old depot', 'POI', '3', '101', '200', '', '', ''], 'READY', G.nameExists],
    [['Depot', '', '3', '101', '200', '', '', ''], 'FAILED', G.typeEmpty],
    [['Depot', 'Circle', '3', '101', '200', '', '', ''], 'FAILED', G.typeUnknown],
    [['Depot', 'POI', 'north', '101', '200', '', '', ''], 'FAILED', G.latitudeNumber],
    [['Depot', 'POI', '3', '101E', '200', '', '', ''], 'FAILED', G.longitudeNumber],
    [['Depot', 'POI', '3', '101', '200 m', '', '', ''], 'FAILED', G.radiusNumber],
    [['Depot', 'POI', '', '101', '200', '', '', ''], 'FAILED', G.poiCentre],
    [['Depot', 'POI', '3', '101', '', '', '', ''], 'FAILED', GEOFENCE_TEXTS.poiRadius],
    [['Depot', 'POI', '3', '101', '0', '', '', ''], 'FAILED', GEOFENCE_TEXTS.poiRadius],
    [['Depot', 'POI', '3', '101', '50001', '', '', ''], 'FAILED', GEOFENCE_TEXTS.poiRadius],
    [['Depot', 'POI', '91', '101', '200', '', '', ''], 'FAILED', GEOFENCE_TEXTS.latLngRange],
    [['Depot', 'POI', '3', '101', '200', SQUARE, '', ''], 'READY', G.poiHasPoints],
    [['Depot', 'POI', '3', '101', '200', '', 'Depots; Shops', ''], 'FAILED', bulkTemplateUnknown('Shops')],
    [['Depot', 'POI', '3', '101', '200', '', '', 'c'.repeat(1001)], 'FAILED', G.commentLong],
    [['Yard', 'Zone', '', '', '', '', '', ''], 'FAILED', G.zonePointsEmpty],
    [['Yard', 'Zone', '', '', '', '3 101; 3 101.1; 2.9', '', ''], 'FAILED', bulkZonePointBad(3)],
    [['Yard', 'Zone', '', '', '', '3 101; 3 101.1', '', ''], 'FAILED', GEOFENCE_TEXTS.zonePoints],
    [
      ['Yard', 'Zone', '', '', '', '3 101; 2.9 101.1; 3 101.1; 2.9 101', '', ''],
      'FAILED',
      GEOFENCE_TEXTS.zoneSelfCrossing,
    ],
    [['Yard', 'Zone', '', '', '', '3 101; 3 181; 2.9 101.1', '', ''], 'FAILED', GEOFENCE_TEXTS.latLngRange],
    [['Yard', 'Zone', '3', '101', '', SQUARE, '', ''], 'READY', G.zoneHasCentre],
  ])('%j → %s %s', (cells, status, message) => {
    expect(check(cells)[0]).toMatchObject({ status, message });
  });

  it('warns of a name given twice in the file, whatever its case', () => {
    const checked = check(
      ['Depot', 'POI', '3', '101', '200', '', '', ''],
      ['depot', 'POI', '3', '101', '300', '', '', ''],
    );
    expect(checked.map((r) => [r.status, r.message])).toEqual([
      ['READY', null],
      ['READY', G.nameTwice],
    ]);
  });

  it('reads Zone Points with spaces or commas, and names the first point that does not read', () => {
    expect(parseZonePoints(' 3.1 101.6 ;3.2,101.7; ')).toEqual({ ok: true, points: points(3.1, 101.6, 3.2, 101.7) });
    expect(parseZonePoints('3.1 101.6; 3.2 101.7 5')).toEqual({ ok: false, bad: 2 });
  });

  it('turns checked rows into /geofence/add requests the contract accepts', () => {
    const [poi, zone] = check(
      ['Depot', 'POI', '3.07', '101.51', '200', '', 'depots; UNGROUP; Depots', 'Gate 2'],
      ['Yard', 'Zone', '', '', '', SQUARE, '', ''],
    );
    if (!poi || !zone) throw new Error('rows');
    const requests = [poi, zone].map((r) => geofenceRowRequest(r.values, 'u1', TEMPLATES));
    expect(requests).toEqual([
      {
        geofence: {
          geoType: 'POI',
          geofenceName: 'Depot',
          geofenceComment: 'Gate 2',
          coordinates: [{ lat: 3.07, lng: 101.51 }],
          geofenceRadius: 200,
          uid: 'u1',
          gtids: ['g-dep', 'g-un'],
        },
      },
      {
        geofence: {
          geoType: 'Polygon',
          geofenceName: 'Yard',
          geofenceComment: '',
          coordinates: points(3, 101, 3, 101.1, 2.9, 101.1, 2.9, 101),
          geofenceRadius: null,
          uid: 'u1',
          gtids: [],
        },
      },
    ]);
    for (const request of requests) expect(AddGeofenceRequestSchema.safeParse(request).success).toBe(true);
  });
});
