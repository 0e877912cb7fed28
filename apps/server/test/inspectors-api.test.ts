import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@jejak/contract';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';
import { insertDeviceLog, insertVehicleLog } from './inspector-fixture.ts';

const kinds = await dbKinds();
const T0 = Date.UTC(2026, 10, 20, 1, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(kinds)('Device and Vehicle Inspector exports and the debug log calls on %s', (kind) => {
  let server: TestServer;
  let owner: { c: Client; me: Me };
  let owner2: { c: Client; me: Me };
  let vid = '';
  let dvid = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    [owner, owner2] = await Promise.all([signIn(server.baseUrl, 'owner'), signIn(server.baseUrl, 'owner2')]);
    const db = server.app.database.db;
    const v = await db
      .selectFrom('vehicles')
      .select(['vid', 'dvid'])
      .where('vehicle_plate', '=', 'BMK 5521')
      .executeTakeFirstOrThrow();
    vid = v.vid;
    dvid = v.dvid;
    await insertDeviceLog(db, { dvid, deviceTime: T0, package: 'auth', location: null });
    await insertDeviceLog(db, {
      dvid,
      deviceTime: T0 + MINUTE,
      package: 'gps#latest',
      speed: 62.345,
      heading: 90,
      fuel: 41.256,
      gpsStatus: true,
      engineStatus: true,
      deviceMessage: 'sos',
      attributes: { sat: 9 },
    });
    await insertDeviceLog(db, { dvid, deviceTime: T0 + 2 * MINUTE, package: 'heartbeat', location: null });
    await insertDeviceLog(db, { dvid, deviceTime: T0 + 3 * MINUTE, package: 'gps#memory', gpsStatus: false });
    await insertVehicleLog(db, {
      vid,
      vehicleTime: T0 + MINUTE,
      address: 'near Puchong, Selangor',
      tripStatus: 'TRANSIT',
      tripFrom: T0,
      transitStatus: 'MOVING',
      transitFrom: T0 + 30_000,
      mileage: 1234.5678,
    });
    await insertVehicleLog(db, { vid, vehicleTime: T0 + 2 * MINUTE, mileage: 1235 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** POSTs an export and reads the sheet back: the file name and every row's values. */
  async function exported(c: Client, path: string, body: object) {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookie ?? '' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) return { status: res.status, name: '', rows: [] as unknown[][] };
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { status: 200, name, rows };
  }

  const window = { startTime: T0, endTime: T0 + DAY };

  it("exports the Device Inspector's rows: every column, times as YYYY-MM-DD HH:mm:ss in the zone", async () => {
    const all = await exported(owner.c, API_PATHS.deviceLogExport, { dvid, ...window, timeZone: 'Asia/Kuala_Lumpur' });
    expect(all.status).toBe(200);
    expect(all.name).toMatch(/^device-log-GPS100_\d+-2026-11-20\.xlsx$/);
    expect(all.rows[0]).toEqual([
      'Server Time',
      'Device Time',
      'Data Package',
      'Message',
      'GPS Status',
      'ACC',
      'Location',
      'Speed',
      'Direction',
      'Fuel',
      'Extra',
    ]);
    expect(all.rows.slice(1).map((r) => r[2])).toEqual(['auth', 'gps#latest', 'heartbeat', 'gps#memory']);
    expect(all.rows[2]).toEqual([
      '2026-11-20 09:01:01',
      '2026-11-20 09:01:00',
      'gps#latest',
      'sos',
      'Available',
      'ON',
      { text: '3.031900, 101.617100', hyperlink: 'https://www.google.com/maps?q=3.0319,101.6171' },
      62.3,
      90,
      41.26,
      'sat: 9',
    ]);
    const utc = await exported(owner.c, API_PATHS.deviceLogExport, { dvid, ...window, timeZone: 'UTC' });
    expect(utc.rows[1]?.[1]).toBe('2026-11-20 01:00:00');
  });

  it('exports only the chosen packages', async () => {
    const some = await exported(owner.c, API_PATHS.deviceLogExport, {
      dvid,
      ...window,
      packages: ['heartbeat', 'gps#memory'],
    });
    expect(some.rows.slice(1).map((r) => r[2])).toEqual(['heartbeat', 'gps#memory']);
    const none = await exported(owner.c, API_PATHS.deviceLogExport, {
      dvid,
      ...window,
      packages: ['event#session#close'],
    });
    expect(none.rows).toHaveLength(1);
  });

  it("exports the Vehicle Inspector's rows under the vehicle's name", async () => {
    const all = await exported(owner.c, API_PATHS.vehicleLogExport, { vid, ...window });
    expect(all.status).toBe(200);
    expect(all.name).toMatch(/^vehicle-log-.+-2026-11-20\.xlsx$/);
    expect(all.rows).toEqual([
      [
        'Server Time',
        'Vehicle Time',
        'Address',
        'Trip Status',
        'Trip From',
        'Transit Status',
        'Transit From',
        'Mileage',
      ],
      [
        '2026-11-20 09:01:01',
        '2026-11-20 09:01:00',
        'near Puchong, Selangor',
        'TRANSIT',
        '2026-11-20 09:00:00',
        'MOVING',
        '2026-11-20 09:00:30',
        1234.57,
      ],
      // No stored address: the gazetteer's; no trip: empty cells, which exceljs reads back as missing.
      [
        '2026-11-20 09:02:01',
        '2026-11-20 09:02:00',
        'near Bandar Kinrara, Selangor',
        undefined,
        undefined,
        'PARKING',
        '2026-11-20 09:02:00',
        1235,
      ],
    ]);
  });

  it('refuses a foreign device or vehicle exactly like a missing one', async () => {
    const device = await owner2.c.post(API_PATHS.deviceLogExport, { dvid, ...window });
    const noDevice = await owner2.c.post(API_PATHS.deviceLogExport, { dvid: 'GPS100#000', ...window });
    expect(device.status).toBe(404);
    expect(device.body).toEqual(noDevice.body);
    expect(device.body).toEqual({ status: 404, errorType: 'NotFound', message: 'Device not found' });
    const vehicle = await owner2.c.post(API_PATHS.vehicleLogExport, { vid, ...window });
    const noVehicle = await owner2.c.post(API_PATHS.vehicleLogExport, { vid: 'no-such-vehicle', ...window });
    expect(vehicle.status).toBe(404);
    expect(vehicle.body).toEqual(noVehicle.body);
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    const badPackage = await owner.c.post(API_PATHS.deviceLogExport, { dvid, ...window, packages: ['gps'] });
    expect(badPackage.status).toBe(400);
    expect(badPackage.body).toMatchObject({ status: 400, errorType: 'ValidationException' });
    expect(String(badPackage.body.message)).toContain('packages');
    const backwards = await owner.c.post(API_PATHS.vehicleLogExport, { vid, startTime: T0 + DAY, endTime: T0 });
    expect(backwards.status).toBe(400);
    expect(String(backwards.body.message)).toContain('endTime');
    const zone = await owner.c.post(API_PATHS.vehicleLogExport, { vid, ...window, timeZone: 'Mars/Base' });
    expect(String(zone.body.message)).toContain('timeZone');
  });

  it("answers both debug log calls with the device log's rows, logins and heartbeats included", async () => {
    const logs = await owner.c.post(API_PATHS.deviceLogs, { dvid, ...window });
    const debug = await owner.c.post(API_PATHS.deviceDebugLogs, { dvid, ...window });
    const typed = await owner.c.post(API_PATHS.deviceTypeDebugLogs, { dvid, ...window, deviceType: 'GPS100' });
    expect(debug.status).toBe(200);
    expect(typed.status).toBe(200);
    const packages = (debug.body.logs as { devicePackage: string }[]).map((l) => l.devicePackage);
    expect(packages).toEqual(['auth', 'gps#latest', 'heartbeat', 'gps#memory']);
    expect(debug.body).toEqual({ status: 200, logs: logs.body.logs, truncated: false });
    expect(typed.body).toEqual(debug.body);
    const early = await owner.c.post(API_PATHS.deviceDebugLogs, {
      dvid,
      startTime: T0 + MINUTE,
      endTime: T0 + 2 * MINUTE,
    });
    expect((early.body.logs as { devicePackage: string }[]).map((l) => l.devicePackage)).toEqual(['gps#latest']);
  });

  it('refuses a debug log of a foreign device exactly like a missing one, as the device log does', async () => {
    for (const [path, extra] of [
      [API_PATHS.deviceDebugLogs, {}],
      [API_PATHS.deviceTypeDebugLogs, { deviceType: 'GPS100' }],
    ] as const) {
      const device = await owner2.c.post(path, { dvid, ...window, ...extra });
      const noDevice = await owner2.c.post(path, { dvid: 'GPS100#000', ...window, ...extra });
      expect(device.body).toEqual({ status: 404, errorType: 'NotFound', message: 'Device not found' });
      expect(noDevice.body).toEqual(device.body);
      expect(device.body).toEqual((await owner2.c.post(API_PATHS.deviceLogs, { dvid, ...window })).body);
    }
  });

  it('refuses a debug call with a bad body or a deviceType the device is not', async () => {
    const unknown = await owner.c.post(API_PATHS.deviceTypeDebugLogs, { dvid, ...window, deviceType: 'GT06' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status: 400, errorType: 'ValidationException' });
    expect(String(unknown.body.message)).toContain(
      'deviceType must be one of GPS100, TEL100, H02, OSMAND, MT90, GL300',
    );
    const missing = await owner.c.post(API_PATHS.deviceTypeDebugLogs, { dvid, ...window });
    expect(missing.status).toBe(400);
    expect(String(missing.body.message)).toContain('deviceType');
    const backwards = await owner.c.post(API_PATHS.deviceDebugLogs, { dvid, startTime: T0 + DAY, endTime: T0 });
    expect(backwards.status).toBe(400);
    expect(String(backwards.body.message)).toContain('endTime');
    const other = await owner.c.post(API_PATHS.deviceTypeDebugLogs, { dvid, ...window, deviceType: 'TEL100' });
    expect(other.body).toEqual({
      status: 400,
      errorType: 'ValidationException',
      message: "deviceType TEL100 does not match the device's model GPS100",
    });
  });

  it('needs a session', async () => {
    const res = await fetch(`${server.baseUrl}/api${API_PATHS.vehicleLogExport}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vid, ...window }),
    });
    expect(res.status).toBe(401);
  });
});
