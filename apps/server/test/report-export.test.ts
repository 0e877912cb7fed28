import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KINDS, REPORT_EXPORT_PATH, REPORT_ROWS_HEADER, type ReportExportRequest } from '@jejak/contract';
import { LIBREOFFICE, libreofficeConvert } from '../../../tools/office/libreoffice.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { signIn } from './accounts-fixture.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, recomputeSettled, startTestServer, vidOf, type TestServer } from './harness.ts';

/**
 * Vehicle Report's export (spec 3 §2; issue 13 item 3): a real GT06 drive, then the file of
 * several kinds read back by LibreOffice Calc (a second reader of our .xlsx), in both duration
 * formats and with the estimated fuel inputs.
 */

const kinds = await dbKinds();
const MIN = 60_000;

/** The cells of one CSV line (LibreOffice quotes cells with commas). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const re = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m && m.index < line.length; m = re.exec(line)) {
    cells.push(m[2] !== undefined ? m[2].replaceAll('""', '"') : (m[1] ?? ''));
    if (m[3] === '') break;
  }
  return cells;
}

describe.each(kinds)("Vehicle Report's export on %s", (kind) => {
  let server: TestServer;
  let vid = '';
  let vehicle = '';
  let window = { startTime: 0, endTime: 0 };
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    // owner2's tracker: parked 5', driving 10' at 48 km/h (8 km), idling 3', parked 4'.
    const imei = demoImei(13);
    // The 22 minutes stay inside one Kuala Lumpur day (UTC+8), so daily mileage has one row.
    let t0 = Math.floor((Date.now() - 2 * 3_600_000) / MIN) * MIN;
    if ((t0 + 8 * 3_600_000) % 86_400_000 > 86_400_000 - 30 * MIN) t0 -= 3_600_000;
    const { send, device, now } = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 5; i++) await send(0, false);
    for (let i = 0; i < 10; i++) await send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await send(0, true);
    for (let i = 0; i < 4; i++) await send(0, false);
    await recomputeSettled(server.app, `GPS100#${imei}`);
    device.close();
    window = { startTime: t0, endTime: now() + 1 };
    const client = apiClient(server.baseUrl);
    vid = (await vidOf(client, imei)) ?? '';
    cookie = client.cookie ?? '';
    const v = await server.app.database.db
      .selectFrom('vehicles')
      .select(['vehicle_plate', 'vehicle_display_name'])
      .where('vid', '=', vid)
      .executeTakeFirstOrThrow();
    vehicle = `${v.vehicle_plate} (${v.vehicle_display_name})`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function post(body: Partial<ReportExportRequest>, as = cookie) {
    return fetch(`${server.baseUrl}/api${REPORT_EXPORT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: as },
      body: JSON.stringify({ vids: [vid], ...window, timeZone: 'Asia/Kuala_Lumpur', ...body }),
    });
  }

  /** The export's name, row header and lines as LibreOffice Calc reads them (CSV). */
  async function throughCalc(body: Partial<ReportExportRequest>) {
    const res = await post(body);
    expect(res.status).toBe(200);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
    const bytes = new Uint8Array(await res.arrayBuffer());
    const csv = (await libreofficeConvert(bytes, name, 'csv')).toString('utf8').trim().split(/\r?\n/);
    return { name, rows: Number(res.headers.get(REPORT_ROWS_HEADER)), lines: csv.map(csvCells) };
  }

  it.skipIf(!LIBREOFFICE)(
    'mileage in hours/minutes/seconds with the default estimated fuel, read by LibreOffice',
    async () => {
      const { name, rows, lines } = await throughCalc({ kind: 'mileage' });
      expect(name).toMatch(/^report-mileage-.+-\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect(rows).toBe(1);
      expect(lines[0]?.[0]).toMatch(
        new RegExp(`^Mileage, \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} to .+: ${vehicle.replace(/[()]/g, '\\$&')}$`),
      );
      expect(lines[1]).toEqual([
        'Vehicle',
        'Start Time',
        'End Time',
        'Trips',
        'Mileage (km)',
        'Engine',
        'Moving',
        'Idling',
        'Parking',
        'Disconnected',
        'Top Speed (km/h)',
        'Estimated Fuel (L)',
        'Estimated Expenses (RM)',
        'Status',
      ]);
      const row = lines[2] ?? [];
      expect(row[0]).toBe(vehicle);
      expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const km = Number(row[4]);
      expect(km).toBeCloseTo(8, 0);
      expect(row[5]).toBe('13 mins 0 secs');
      // The parking at the end is under way (no record yet): counted to the window's end.
      expect(row.slice(6, 9)).toEqual([
        '10 mins 0 secs',
        '3 mins 0 secs',
        expect.stringMatching(/^\d+ mins \d+ secs$/),
      ]);
      expect(Number(row[10])).toBe(48);
      expect(Number(row[11])).toBeCloseTo(km * 0.093, 2);
      expect(Number(row[12])).toBeCloseTo(km * 0.093 * 2.05, 1);
      expect(row[13]).toBe('UNDER WAY');
    },
    180_000,
  );

  it.skipIf(!LIBREOFFICE)(
    'mileage in decimal hours with other fuel inputs, and the idling rows alone',
    async () => {
      const { lines } = await throughCalc({
        kind: 'mileage',
        durationFormat: 'decimal',
        litresPerKm: 0.1,
        rmPerLitre: 3,
      });
      expect(lines[1]?.slice(5, 10)).toEqual([
        'Engine (hours)',
        'Moving (hours)',
        'Idling (hours)',
        'Parking (hours)',
        'Disconnected (hours)',
      ]);
      const row = lines[2] ?? [];
      expect(row.slice(5, 8).map(Number)).toEqual([0.22, 0.17, 0.05]);
      const km = Number(row[4]);
      expect(Number(row[11])).toBeCloseTo(km * 0.1, 2);
      expect(Number(row[12])).toBeCloseTo(km * 0.1 * 3, 1);

      const idling = await throughCalc({ kind: 'idling' });
      expect(idling.rows).toBe(1);
      expect(idling.lines.slice(2).map((r) => [r[0], r[1], r[4]])).toEqual([[vehicle, 'IDLING', '3 mins 0 secs']]);
    },
    180_000,
  );

  it('trip, transit, parking and daily mileage: the rows the screen shows', async () => {
    const read = async (body: Partial<ReportExportRequest>) => {
      const res = await post(body);
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const rows: unknown[][] = [];
      workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(Number(res.headers.get(REPORT_ROWS_HEADER))).toBe(rows.length - 2);
      return rows.slice(2);
    };
    expect((await read({ kind: 'transit' })).map((r) => r[1])).toEqual([
      'PARKING',
      'MOVING',
      'IDLING',
      'PARKING (UNDER WAY)',
    ]);
    expect((await read({ kind: 'parking' })).map((r) => [r[1], r[4]])).toEqual([
      ['PARKING', '5 mins 0 secs'],
      ['PARKING (UNDER WAY)', expect.stringMatching(/^\d+ mins \d+ secs$/)],
    ]);
    const daily = await read({ kind: 'dailyMileage', durationFormat: 'decimal' });
    expect(daily).toHaveLength(1);
    expect(Number(daily[0]?.[2])).toBeCloseTo(8, 0);
    // A trip is final once the one after it begins: the parking before the drive is.
    // The trip under way follows, counted to the window's end.
    expect((await read({ kind: 'trip' })).map((r) => [r[1], r[4]])).toEqual([
      ['PARKING', '5 mins 0 secs'],
      [expect.stringMatching(/ \(UNDER WAY\)$/), expect.stringMatching(/^\d+ mins \d+ secs$/)],
    ]);
  });

  it('a window without records: the header alone', async () => {
    const res = await post({
      kind: 'transit',
      startTime: window.startTime - 3 * 86_400_000,
      endTime: window.startTime - 2 * 86_400_000,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(REPORT_ROWS_HEADER)).toBe('0');
  });

  it('exports every kind, each file holding as many rows as its header says', async () => {
    for (const kind of REPORT_KINDS) {
      const res = await post({ kind });
      expect(res.status, kind).toBe(200);
      const rows = Number(res.headers.get(REPORT_ROWS_HEADER));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const sheet = book.worksheets[0];
      // A title row and the header row above the data.
      expect(sheet?.actualRowCount, kind).toBe(rows + 2);
    }
  });

  it('refuses vehicles out of reach, bad windows and no session', async () => {
    const owner = await signIn(server.baseUrl, 'owner');
    const foreign = await post({ kind: 'mileage' }, owner.c.cookie ?? '');
    expect(foreign.status).toBe(403);
    const backwards = await post({ kind: 'mileage', startTime: window.endTime, endTime: window.startTime });
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { message: string }).message).toMatch(/^endTime: /);
    const badFormat = await post({ kind: 'mileage', durationFormat: 'minutes' as never });
    expect(badFormat.status).toBe(400);
    expect((await post({ kind: 'mileage' }, '')).status).toBe(401);
  });

  // Issue 28 item 3: every kind also as CSV, the table's header then its rows, as Calc reads the .xlsx.
  it.skipIf(!LIBREOFFICE)(
    'exports every kind as CSV with the rows of its .xlsx',
    async () => {
      for (const k of REPORT_KINDS) {
        const res = await post({ kind: k, format: 'csv' });
        expect(res.status, k).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(res.headers.get('content-disposition')).toMatch(new RegExp(`filename="report-${k}-.+\\.csv"$`));
        const text = await res.text();
        expect(text.endsWith('\r\n')).toBe(true);
        const ours = text.trimEnd().split('\r\n').map(csvCells);
        expect(ours.length - 1, k).toBe(Number(res.headers.get(REPORT_ROWS_HEADER)));
        if (k === 'mileage' || k === 'transit') {
          const calc = await throughCalc({ kind: k });
          // Calc's first line is the .xlsx's title; then the same header and the same first cells.
          expect(ours[0], k).toEqual(calc.lines[1]?.slice(0, ours[0]?.length));
          expect(
            ours.map((row) => row[0]),
            k,
          ).toEqual(calc.lines.slice(1).map((row) => row[0]));
        }
      }
    },
    120_000,
  );
});
