import {
  BULK_GEOFENCE_TEXTS,
  bulkMissingColumn,
  MANAGEMENT_TEXTS,
  type GeofenceDto,
  type GeofenceTemplateDto,
  type ManagedDevice,
} from '@jejak/contract';
import { readKml } from '@jejak/contract';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { checkSheet, type BulkContext } from './bulk-check.ts';
import type { ReadOutcome } from './read-file.ts';

const s = en.bulk;
const device = (over: Partial<ManagedDevice>): ManagedDevice =>
  ({ dvid: 'GPS100#1', uid: 'me', imei: '1', simCard: '+60100000001', assignedStatus: 0, ...over }) as ManagedDevice;
const ctx: BulkContext = {
  uid: 'me',
  devices: [device({}), device({ dvid: 'GPS100#2', imei: '2', uid: 'child', simCard: '+60100000002' })],
  vehicles: [],
  geofences: [{ geofenceName: 'Depot' } as GeofenceDto],
  templates: [{ gtid: 'g1', templateName: 'UNGROUP' } as GeofenceTemplateDto],
};
const sheet = (header: string[], ...rows: string[][]): ReadOutcome => ({
  ok: true,
  header,
  rows: rows.map((cells, i) => ({ rowNumber: i + 2, cells, problems: {} })),
});

describe('checkSheet: a read file to the dialog’s rows', () => {
  it.each([
    ['notXlsxName', s.fileErrors.notXlsxName],
    ['fileTooLarge', s.fileErrors.fileTooLarge],
    ['notXlsx', s.fileErrors.notXlsx],
    ['unpackedTooLarge', s.fileErrors.unpackedTooLarge],
    ['tooManyRows', s.fileErrors.tooManyRows],
    ['readerFailed', s.fileErrors.readerFailed],
  ] as const)('a refused file (%s) is one clear message', (error, message) => {
    expect(checkSheet('device', ctx, { ok: false, error }, s, en.geofenceImport)).toEqual({ ok: false, message });
  });

  it("names the first missing column with the schema, and an empty sheet with the spec's text", () => {
    expect(checkSheet('device', ctx, sheet(['IMEI', 'SIM Card']), s, en.geofenceImport)).toEqual({
      ok: false,
      message: bulkMissingColumn('Model', ['IMEI', 'Model', 'SIM Card', 'Brand']),
    });
    expect(checkSheet('vehicle', ctx, sheet(['Display Name', 'Plate']), s, en.geofenceImport)).toEqual({
      ok: false,
      message: MANAGEMENT_TEXTS.bulkNoRows,
    });
  });

  it('checks SIMs against the devices the user reaches, and turns unreadable cells into the row’s message', () => {
    const outcome: ReadOutcome = {
      ok: true,
      header: ['IMEI', 'Model', 'SIM Card'],
      rows: [
        { rowNumber: 2, cells: ['9', 'GPS100', '+60100000002'], problems: {} },
        {
          rowNumber: 3,
          cells: ['', 'GPS100', '+60100000003'],
          problems: { 0: { code: 'date', ref: 'A3', detail: '1' } },
        },
        { rowNumber: 4, cells: ['8', 'GPS100', ''], problems: { 2: { code: 'formula', ref: 'C4', detail: '' } } },
        { rowNumber: 5, cells: ['7', 'GPS100', '+60100000005'], problems: {} },
      ],
    };
    const checked = checkSheet('device', ctx, outcome, s, en.geofenceImport);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.rows.map((r) => [r.rowNumber, r.status, r.message])).toEqual([
      [2, 'FAILED', MANAGEMENT_TEXTS.bulkSimInUse],
      [3, 'FAILED', s.cellErrors.date('A3')],
      [4, 'FAILED', s.cellErrors.formula('C4')],
      [5, 'READY', null],
    ]);
  });

  it("offers a vehicle row only the target user's own devices", () => {
    const checked = checkSheet(
      'vehicle',
      ctx,
      sheet(['Display Name', 'Plate', 'IMEI'], ['A', 'P1', '2'], ['B', 'P2', '1']),
      s,
      en.geofenceImport,
    );
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.rows.map((r) => r.status)).toEqual(['FAILED', 'READY']);
    expect(checked.rows[0]?.message).toBe('Invalid imei. Available devices are 1');
  });

  it("checks a geofence row's shape with the domain's rule, and its name against the user's geofences", () => {
    const checked = checkSheet(
      'geofence',
      ctx,
      sheet(
        ['Geofence Name', 'Type', 'Latitude', 'Longitude', 'Radius (m)', 'Geofence Templates'],
        ['Depot', 'POI', '3.1', '101.6', '150', 'ungroup'],
        ['Gate', 'POI', '3.1', '101.6', '', ''],
        ['Yard', 'Zone', '', '', '', ''],
      ),
      s,
      en.geofenceImport,
    );
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.rows.map((r) => [r.status, r.message])).toEqual([
      ['READY', BULK_GEOFENCE_TEXTS.nameExists],
      ['FAILED', GEOFENCE_TEXTS.poiRadius],
      ['FAILED', BULK_GEOFENCE_TEXTS.zonePointsEmpty],
    ]);
  });

  it('fails a map file feature no geofence can hold at its Type, and names a refused map file', () => {
    const kml = readKml(
      '<kml><Placemark><name>Road</name><LineString><coordinates>101,3 102,3</coordinates></LineString></Placemark>' +
        '<Placemark><name>Pin</name><Point><coordinates>101.5,3.1</coordinates></Point></Placemark></kml>',
    );
    if (!kml.ok) throw new Error(kml.error);
    const outcome: ReadOutcome = {
      ok: true,
      header: kml.header,
      rows: kml.rows.map((r) => ({
        rowNumber: r.rowNumber,
        cells: r.cells,
        problems: {},
        ...(r.problem ? { feature: r.problem } : {}),
      })),
    };
    const checked = checkSheet('geofence', ctx, outcome, s, en.geofenceImport);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.rows.map((r) => [r.status, r.message])).toEqual([
      ['FAILED', en.geofenceImport.featureErrors.geometry('LineString')],
      ['READY', null],
    ]);
    expect(checkSheet('geofence', ctx, { ok: false, error: 'notKml' }, s, en.geofenceImport)).toEqual({
      ok: false,
      message: en.geofenceImport.fileErrors.notKml,
    });
  });
});
