import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PATHS, type AlertEvent } from '@jejak/contract';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { insertEvent } from './alerts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const T0 = Date.UTC(2026, 10, 20, 1, 0);
const HOUR = 3_600_000;

describe.each(kinds)('events on %s', (kind) => {
  let server: TestServer;
  let owner: { c: Client; me: Me };
  let operator: { c: Client; me: Me };
  let owner2: { c: Client; me: Me };
  const vid: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    [owner, operator, owner2] = await Promise.all([
      signIn(server.baseUrl, 'owner'),
      signIn(server.baseUrl, 'operator'),
      signIn(server.baseUrl, 'owner2'),
    ]);
    const rows = await server.app.database.db.selectFrom('vehicles').select(['vid', 'vehicle_plate']).execute();
    for (const r of rows) vid[r.vehicle_plate] = r.vid;
    const db = server.app.database.db;
    const bmk = vid['BMK 5521'] ?? '';
    await insertEvent(db, { vid: bmk, eventTime: T0, eventName: 'SOS', eventType: 'CRITICAL', alarm: 'sos' });
    await insertEvent(db, {
      vid: bmk,
      eventTime: T0 + HOUR,
      eventName: 'OVERSPEED',
      eventType: 'WARNING',
      speed: 97.456,
      ruid: 'builtin.overspeed',
      rtid: 'rt-1',
    });
    await insertEvent(db, {
      vid: bmk,
      eventTime: T0 + 2 * HOUR,
      eventName: 'Rule "Laju" Complied',
      eventType: 'INFO',
      eventResult: 0,
      location: null,
    });
    await insertEvent(db, { vid: bmk, eventTime: T0 + 30 * HOUR, eventName: 'LATER', eventType: 'CONTROL' });
    await insertEvent(db, { vid: vid['BKT 3321'] ?? '', eventTime: T0, eventName: 'SOS' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const events = (c: Client, vids: string[], startTime = T0, endTime = T0 + 24 * HOUR) =>
    c.post(ALERT_PATHS.events, { vids, startTime, endTime });

  it("answers a vehicle's events in the window, newest first, with every field of spec 1 §3", async () => {
    const r = await events(owner.c, [vid['BMK 5521'] ?? '']);
    expect(r.status).toBe(200);
    expect(r.body.truncated).toBe(false);
    const list = r.body.eventLogs as AlertEvent[];
    expect(list.map((e) => e.eventName)).toEqual(['Rule "Laju" Complied', 'OVERSPEED', 'SOS']);
    expect(list[1]).toMatchObject({
      vid: vid['BMK 5521'],
      eventType: 'WARNING',
      speed: 97.456,
      eventResult: 1,
      eventCreatedAt: T0 + HOUR,
      createdAt: T0 + HOUR + 500,
      location: { lat: 3.0319, lon: 101.6171 },
      address: 'near Puchong, Selangor',
      ruid: 'builtin.overspeed',
      alarm: null,
    });
    expect(list[0]).toMatchObject({ location: null, address: null, eventResult: 0 });
    expect(list[2]).toMatchObject({ alarm: 'sos', eventType: 'CRITICAL' });
    expect(list[2]?.dvid).toMatch(/^GPS100#/);
  });

  it('lets an operator read the events of its group vehicles', async () => {
    const r = await events(operator.c, [vid['BMK 5521'] ?? '']);
    expect((r.body.eventLogs as AlertEvent[]).length).toBe(3);
  });

  it('refuses the whole call when any vehicle is out of reach, foreign or missing alike', async () => {
    const foreign = await events(owner2.c, [vid['BMK 5521'] ?? '']);
    const missing = await events(owner2.c, ['no-such-vehicle']);
    const mixed = await events(owner2.c, [vid['BKT 3321'] ?? '', vid['BMK 5521'] ?? '']);
    for (const r of [foreign, missing, mixed])
      expect(r.body).toEqual({ status: 403, errorType: 'Forbidden', message: 'You do not have access to this' });
    expect((await events(owner2.c, [vid['BKT 3321'] ?? ''])).body.eventLogs).toHaveLength(1);
  });

  it('validates the window', async () => {
    const r = await events(owner.c, [vid['BMK 5521'] ?? ''], T0 + HOUR, T0);
    expect(r.status).toBe(400);
    expect((await events(owner.c, [vid['BMK 5521'] ?? ''], T0, T0 + 40 * 24 * HOUR)).status).toBe(400);
  });

  /** POST /event/export with the owner's session: the reply's name and the sheet read back. */
  async function exported(c: Client, body: object): Promise<{ status: number; name: string; rows: unknown[][] }> {
    const res = await fetch(`${server.baseUrl}/api${ALERT_PATHS.eventExport}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookie ?? '' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) return { status: res.status, name: '', rows: [] };
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { status: 200, name, rows };
  }

  it("exports Event Record's list as .xlsx: the filter's events in the list's words, times in the zone", async () => {
    const window = { vid: vid['BMK 5521'], startTime: T0, endTime: T0 + 24 * HOUR };
    const all = await exported(owner.c, { ...window, timeZone: 'Asia/Kuala_Lumpur' });
    expect(all.status).toBe(200);
    expect(all.name).toMatch(/^events-.+-2026-11-20\.xlsx$/);
    expect(all.rows[0]).toEqual([
      'Time',
      'Vehicle',
      'Event Type',
      'Event',
      'Speed (km/h)',
      'Address',
      'Latitude',
      'Longitude',
    ]);
    expect(all.rows.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['2026/11/20 11:00:00', 'INFO', 'Rule "Laju" Complied'],
      ['2026/11/20 10:00:00', 'WARNING', 'OVERSPEED 97.46 KM/H'],
      ['2026/11/20 09:00:00', 'CRITICAL', 'SOS'],
    ]);
    expect(all.rows[2]?.slice(4)).toEqual([97.456, 'near Puchong, Selangor', 3.0319, 101.6171]);
    const warnings = await exported(owner.c, { ...window, eventType: 'WARNING', timeZone: 'UTC' });
    expect(warnings.rows.slice(1).map((r) => [r[0], r[3]])).toEqual([['2026/11/20 02:00:00', 'OVERSPEED 97.46 KM/H']]);
  });

  it('refuses an export out of reach or with a bad body, in the error shape', async () => {
    const window = { startTime: T0, endTime: T0 + 24 * HOUR };
    expect((await exported(owner2.c, { ...window, vid: vid['BMK 5521'] })).status).toBe(403);
    const bad = await owner.c.post(ALERT_PATHS.eventExport, { ...window, vid: vid['BMK 5521'], eventType: 'LOUD' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, errorType: 'ValidationException' });
    expect(String(bad.body.message)).toContain('eventType');
  });
});
