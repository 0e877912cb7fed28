import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type TransitRecord } from '@jejak/contract';
import { formatDuration } from '@jejak/domain';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { ROUTE_BOX } from '../src/reports/transit-pdf.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, startTestServer, vidOf, type TestServer } from './harness.ts';
import { countPixels, pdfText, renderFirstPage } from './poppler.ts';

const kinds = await dbKinds();
const kl = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Kuala_Lumpur', dateStyle: 'short', timeStyle: 'medium' }).format(
    ms,
  );
/** Table rows as pdftotext lays them out: a row number, then the status. */
const tableStatuses = (text: string) =>
  [...text.matchAll(/^\s*\d+\s+(Moving|Idling|Parking|Disconnected)\s/gm)].map((m) => m[1]);

describe.each(kinds)('the Transit PDF on %s', (kind) => {
  let server: TestServer;
  const owner2 = () => apiClient(server.baseUrl);
  let client: ReturnType<typeof owner2>;
  let vid = '';
  let t0 = 0;
  let t1 = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const imei = demoImei(13); // owner2's
    t0 = Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000;
    const { send, device, now } = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 5; i++) await send(0, false);
    for (let i = 0; i < 10; i++) await send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await send(0, true);
    for (let i = 0; i < 4; i++) await send(0, false);
    device.close();
    t1 = now() + 1000;
    client = owner2();
    vid = (await vidOf(client, imei)) ?? '';
  });
  afterAll(async () => {
    await server?.stop();
  });

  const pdf = (body: object, c = client) => c.post(API_PATHS.transitRecordPdf, body);

  it('reports the window: header, summary, the records with their addresses, and the route drawn', async () => {
    const r = await pdf({ vid, startTime: t0, endTime: t1 });
    expect(r.status).toBe(200);
    const db = server.app.database.db;
    const v = await db
      .selectFrom('vehicles as v')
      .innerJoin('users as u', 'u.uid', 'v.uid')
      .select(['v.vehicle_plate', 'v.vehicle_display_name', 'u.user_name'])
      .where('v.vid', '=', vid)
      .executeTakeFirstOrThrow();
    const day = kl(t0).slice(0, 10);
    expect(r.body.name).toBe(`transit-${v.vehicle_plate.replace(/[^A-Za-z0-9_.-]+/g, '_')}-${day}`);
    expect(r.body.name).toMatch(/^[\w.-]+$/);
    const file = Buffer.from(String(r.body.buffer), 'base64');
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(file);
    expect(text).toContain('Transit Report');
    expect(text).toContain(v.vehicle_display_name);
    expect(text).toContain(`Plate ${v.vehicle_plate}`);
    expect(text).toContain(`Owner ${v.user_name}`);
    expect(text).toContain(`${kl(t0)} to ${kl(t1)}`);
    expect(text).toContain('Asia/Kuala_Lumpur');

    const listed = await client.post(API_PATHS.transitRecords, { vid, startTime: t0, endTime: t1 });
    const records = listed.body.transitRecords as TransitRecord[];
    // Parked since the last fix: the parking under way closes the list, counted to the window's end.
    expect(records.map((x) => x.transitStatus)).toEqual(['PARKING', 'MOVING', 'IDLING', 'PARKING']);
    expect(records.map((x) => x.underWay ?? false)).toEqual([false, false, false, true]);
    expect(records[3]?.endTime).toBe(t1);
    expect(text).toContain('Transit records (4)');
    expect(text).toMatch(/Moving\s+1 record · 10 mins 0 secs/);
    expect(text).toMatch(/Idling\s+1 record · 3 mins 0 secs/);
    expect(text).toMatch(
      new RegExp(`Parking\\s+2 records · ${formatDuration(records[0]!.duration + records[3]!.duration)}`),
    );
    expect(text).toMatch(/Disconnected\s+0 records · 0 mins 0 secs/);
    const km = records.reduce((sum, x) => sum + x.totalMileage, 0);
    expect(km).toBeGreaterThan(7.5);
    expect(text).toMatch(new RegExp(`Total distance\\s+${km.toFixed(2)} km`));
    expect(text).toMatch(/Top speed\s+48\.0 km\/h/);

    expect(tableStatuses(text)).toEqual(['Parking', 'Moving', 'Idling', 'Parking']);
    expect(text).toMatch(/^\s+4\s+Parking\s[^\n]*\n\s+\(under way\)/m);
    const moving = records[1];
    expect(moving?.startAddress).toMatch(/Klang, Selangor$/);
    for (const x of records) for (const address of [x.startAddress, x.endAddress]) expect(text).toContain(address);
    expect(text).toContain(`${kl(moving?.startTime ?? 0).slice(0, 10)}`);
    expect(text).toContain(`${moving?.totalMileage.toFixed(2)} km`);

    // The route is drawn in red inside its box on page 1.
    const page = await renderFirstPage(file);
    expect(countPixels(page, ROUTE_BOX, (red, green, blue) => red > 150 && green < 120 && blue < 120)).toBeGreaterThan(
      30,
    );
  });

  it('lists only the statuses asked for', async () => {
    const r = await pdf({ vid, startTime: t0, endTime: t1, status: ['MOVING', 'IDLING'] });
    expect(r.status).toBe(200);
    const text = await pdfText(Buffer.from(String(r.body.buffer), 'base64'));
    expect(tableStatuses(text)).toEqual(['Moving', 'Idling']);
    expect(text).toContain('Transit records (2)');
    expect(text).toMatch(/STATUSES[^\n]*\n[^\n]*Moving, Idling/);
    expect(text).toMatch(/Parking\s+0 records/);
  });

  it('refuses a vehicle out of reach exactly as a missing one, and a bad window or status', async () => {
    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    const foreign = await pdf({ vid, startTime: t0, endTime: t1 }, owner);
    const missing = await pdf({ vid: 'no-such-vehicle', startTime: t0, endTime: t1 }, owner);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.message).toBe('Vehicle not found');

    const backwards = await pdf({ vid, startTime: t1, endTime: t0 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/^endTime: startTime must be before endTime/);
    expect((await pdf({ vid, startTime: t0, endTime: t0 + 40 * 86_400_000 })).status).toBe(400);
    expect((await pdf({ vid, startTime: t0, endTime: t1, status: ['FLYING'] })).status).toBe(400);
    expect((await pdf({ vid, startTime: t0, endTime: t1, status: [] })).status).toBe(400);
    expect((await pdf({ vid, startTime: t0, endTime: t1 }, apiClient(server.baseUrl))).status).toBe(401);
  });
});
