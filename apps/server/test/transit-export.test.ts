import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, TRANSIT_COLUMNS } from '@jejak/contract';
import { destinationPoint } from '@jejak/domain';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { signIn } from './accounts-fixture.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, recomputeSettled, startTestServer, vidOf, type TestServer } from './harness.ts';

const kinds = await dbKinds();

describe.each(kinds)("Trip Record's transit export on %s", (kind) => {
  let server: TestServer;
  let vid = '';
  let window = { startTime: 0, endTime: 0 };
  let owner2Cookie = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    // A real drive over GT06: parked 5', driving 10', idling 3', parked 4'.
    const imei = demoImei(13); // owner2's
    const t0 = Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000;
    const { send, sendAt, device, now, here } = await gt06Track(server.gt06Port, imei, t0);
    const origin = here();
    for (let i = 0; i < 5; i++) await send(0, false);
    for (let i = 0; i < 10; i++) await send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await send(0, true);
    for (let i = 0; i < 4; i++) await send(0, false);
    // And one fix of the drive that the tracker kept in memory and sends late (gps#memory), half
    // way between the fixes of minutes 10 and 11, on the line they draw.
    const halfway = destinationPoint(origin, 90, 0.8 * 5.5);
    await sendAt({ timeMs: t0 + 10.5 * 60_000, at: halfway, speedKmh: 48, acc: true, reupload: true });
    await recomputeSettled(server.app, `GPS100#${imei}`);
    device.close();
    window = { startTime: t0, endTime: now() + 1 };
    const client = apiClient(server.baseUrl);
    vid = (await vidOf(client, imei)) ?? '';
    owner2Cookie = client.cookie ?? '';
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** POST /transitRecord/export: the reply's name and the sheet read back. */
  async function exported(cookie: string, body: object) {
    const res = await fetch(`${server.baseUrl}/api${API_PATHS.transitRecordExport}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (res.status !== 200)
      return {
        status: res.status,
        name: '',
        rows: [] as unknown[][],
        body: (await res.json()) as { message?: string },
      };
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { status: 200, name, rows, body: null as { message?: string } | null };
  }

  it('writes the transit records Trip Details shows, oldest first, in its words', async () => {
    const all = await exported(owner2Cookie, { vid, ...window, timeZone: 'Asia/Kuala_Lumpur' });
    expect(all.status).toBe(200);
    expect(all.name).toMatch(/^transit-.+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(all.rows[0]).toEqual(TRANSIT_COLUMNS.map((c) => c.label));
    const body = all.rows.slice(1);
    expect(body.map((r) => [r[1], r[4]])).toEqual([
      ['PARKING', '5 mins 0 secs'],
      ['MOVING', '10 mins 0 secs'],
      ['IDLING', '3 mins 0 secs'],
      // Parked since the last fix: the parking under way, marked, to the window's end.
      ['PARKING (UNDER WAY)', '3 mins 0 secs'],
    ]);
    expect(body[1]?.[2]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number(body[1]?.[5])).toBeCloseTo(8, 1);
    expect(body[1]?.[6]).toBe(48);
    expect(String(body[1]?.[8])).toMatch(/Klang, Selangor$/);
  });

  it("marks the vehicle log's fixes sent from memory, for Trip Record's grey path", async () => {
    const client = apiClient(server.baseUrl);
    await client.login('owner2@demo.jejak.my');
    const r = await client.post(API_PATHS.vehicleLogs, { vid, ...window });
    const memory = (r.body.logs as { memory: boolean }[]).map((l) => l.memory);
    expect(memory).toHaveLength(23);
    expect(memory.filter(Boolean)).toHaveLength(1);
    expect(memory[10]).toBe(true);
  });

  it('applies the status and duration filters', async () => {
    const moving = await exported(owner2Cookie, { vid, ...window, status: ['MOVING', 'IDLING'] });
    expect(moving.rows.slice(1).map((r) => r[1])).toEqual(['MOVING', 'IDLING']);
    const long = await exported(owner2Cookie, { vid, ...window, minDurationMs: 5 * 60_000 });
    expect(long.rows.slice(1).map((r) => r[1])).toEqual(['MOVING']);
  });

  it('refuses vehicles out of reach like missing ones, and bad windows', async () => {
    const owner = await signIn(server.baseUrl, 'owner');
    const foreign = await exported(owner.c.cookie ?? '', { vid, ...window });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ status: 404, errorType: 'NotFound', message: 'Vehicle not found' });
    const backwards = await exported(owner2Cookie, { vid, startTime: window.endTime, endTime: window.startTime });
    expect(backwards.status).toBe(400);
    expect(backwards.body?.message).toMatch(/^endTime: startTime must be before endTime/);
    const signedOut = await exported('', { vid, ...window });
    expect(signedOut.status).toBe(401);
  });
});
