import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, BULK_GEOFENCE_TYPES, DEVICE_MODELS, VEHICLE_TYPES, XLSX_CONTENT_TYPE } from '@jejak/contract';
import { LIBREOFFICE, libreofficeConvert } from '../../../tools/office/libreoffice.ts';
import { signIn } from './accounts-fixture.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('POST /api/bulk/template: the bulk upload templates (spec 2 §2, spec 1 §9)', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    cookie = (await signIn(server.baseUrl, 'distributor')).c.cookie ?? '';
  });
  afterAll(async () => {
    await server?.stop();
  });

  const download = (body: unknown, withCookie = true) =>
    fetch(`${server.baseUrl}/api${API_PATHS.bulkTemplate}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  const cases = [
    {
      kind: 'device',
      file: 'bulk-add-device.xlsx',
      header: ['IMEI', 'Model', 'SIM Card', 'Brand'],
      examples: [['865205030001234', 'GPS100', '+60123456789', 'Concox']],
      list: { column: 'B', options: DEVICE_MODELS },
    },
    {
      kind: 'vehicle',
      file: 'bulk-create-vehicle.xlsx',
      header: ['Display Name', 'Plate', 'IMEI', 'Vehicle Model', 'Vehicle Type'],
      examples: [['Lorry 1', 'WXY 1234', '', 'Hino 300', 'Truck']],
      list: { column: 'E', options: VEHICLE_TYPES },
    },
    {
      kind: 'geofence',
      file: 'bulk-add-geofence.xlsx',
      header: [
        'Geofence Name',
        'Type',
        'Latitude',
        'Longitude',
        'Radius (m)',
        'Zone Points',
        'Geofence Templates',
        'Comment',
      ],
      examples: [
        ['Shah Alam Warehouse', 'POI', '3.0733', '101.5185', '200', '', 'UNGROUP', 'Loading bay'],
        [
          'Port Klang Yard',
          'Zone',
          '',
          '',
          '',
          '3.0010 101.3920; 3.0010 101.4010; 2.9930 101.4010; 2.9930 101.3920',
          '',
          '',
        ],
      ],
      list: { column: 'B', options: BULK_GEOFENCE_TYPES },
    },
  ] as const;

  it.each(cases)('$kind: an .xlsx with the header, the example rows and the drop-down list', async (c) => {
    const answer = await download({ kind: c.kind });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${c.file}"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await answer.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (row: number) => c.header.map((_, i) => sheet.getRow(row).getCell(i + 1).text);
    expect(values(1)).toEqual(c.header);
    c.examples.forEach((example, i) => expect(values(i + 2)).toEqual(example));
    for (const row of [2, 3, 5001])
      expect(sheet.getCell(`${c.list.column}${row}`).dataValidation).toMatchObject({
        type: 'list',
        formulae: [`"${c.list.options.join(',')}"`],
      });
    expect(sheet.getCell(`${c.list.column}5002`).dataValidation).toBeUndefined();
    // IMEI (and SIM) cells are text, so Excel keeps what is typed; a centre is a number.
    if (c.kind === 'geofence') {
      expect(sheet.getCell('C2').value).toBe(3.0733);
      expect(JSON.stringify(sheet.getCell('F1').note)).toContain('lat lon; lat lon; lat lon');
    } else expect(sheet.getColumn(c.header.indexOf('IMEI') + 1).numFmt).toBe('@');
    console.info(`${c.file}: ${bytes.length} bytes`);
  });

  it.each(cases)(
    '$kind: LibreOffice Calc opens it and reads the same rows',
    async (c) => {
      if (!LIBREOFFICE) {
        console.warn(
          '\n!!! LibreOffice is not installed: the LibreOffice check of the bulk templates is SKIPPED !!!\n',
        );
        return;
      }
      const bytes = new Uint8Array(await (await download({ kind: c.kind })).arrayBuffer());
      const csv = (await libreofficeConvert(bytes, c.file, 'csv')).toString('utf8').trim().split(/\r?\n/);
      expect(csv[0]).toBe(c.header.join(','));
      // A cell holding a comma is quoted by the CSV export.
      const quoted = (cell: string) => (cell.includes(',') ? `"${cell}"` : cell);
      c.examples.forEach((example, i) => expect(csv[i + 1]).toBe(example.map(quoted).join(',')));
    },
    180_000,
  );

  it('refuses without a session, and an unknown kind', async () => {
    const anonymous = await download({ kind: 'device' }, false);
    expect(anonymous.status).toBe(401);
    const bad = await download({ kind: 'trailer' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^kind: /);
  });
});
