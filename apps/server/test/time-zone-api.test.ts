import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, REPORT_PATHS, type DailyMileageReportResponse, type MileageReportResponse } from '@jejak/contract';
import { localDateOf, localMidnight } from '@jejak/domain';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, recomputeSettled, startTestServer, vidOf, type TestServer } from './harness.ts';

/**
 * JEJAK_TIME_ZONE end to end (issue 24 item 7): a server started in Europe/London, a GT06 drive
 * across London's midnight, and the daily mileage report asked over HTTP: its days begin at
 * London's midnight (Kuala Lumpur's, the old fixed zone, is 8 or 7 hours earlier).
 */

const ZONE = 'Europe/London';
const MIN = 60_000;
const HOUR = 60 * MIN;
const pad = (n: number) => String(n).padStart(2, '0');

describe('a server in Europe/London', () => {
  let server: TestServer;
  let client: ReturnType<typeof apiClient>;
  let vid = '';
  /** London's midnight that began yesterday: the drive crosses it. */
  let midnight = 0;

  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_TIME_ZONE: ZONE });
    midnight = localMidnight(localDateOf(Date.now() - 24 * HOUR, ZONE), ZONE);
    const imei = demoImei(13);
    // Parked 5', driving 20' at 60 km/h (1 km a minute) from 10' before midnight, parked 4'.
    const { send, device } = await gt06Track(server.gt06Port, imei, midnight - 16 * MIN);
    for (let i = 0; i < 5; i++) await send(0, false);
    for (let i = 0; i < 20; i++) await send(60, true, 1);
    for (let i = 0; i < 4; i++) await send(0, false);
    await recomputeSettled(server.app, `GPS100#${imei}`);
    device.close();
    client = apiClient(server.baseUrl);
    vid = (await vidOf(client, imei)) ?? '';
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('splits the daily mileage at London midnight', async () => {
    const window = { vids: [vid], startTime: midnight - 12 * HOUR, endTime: midnight + 12 * HOUR };
    const daily = await client.post(REPORT_PATHS.reportDailyMileage, window);
    const mileage = await client.post(REPORT_PATHS.reportMileage, window);
    expect([daily.status, mileage.status]).toEqual([200, 200]);
    const rows = (daily.body as DailyMileageReportResponse).report.filter((r) => r.vid === vid);
    const d = localDateOf(midnight, ZONE);
    const before = localDateOf(midnight - HOUR, ZONE);
    expect(rows.map((r) => [r.date, r.startTime, r.endTime])).toEqual([
      [`${before.y}-${pad(before.m)}-${pad(before.d)}`, window.startTime, midnight],
      [`${d.y}-${pad(d.m)}-${pad(d.d)}`, midnight, window.endTime],
    ]);
    // About 10 km either side of midnight; in Kuala Lumpur's days all of it would fall on one.
    const [first, second] = rows.map((r) => r.mileage);
    expect(first).toBeGreaterThan(5);
    expect(second).toBeGreaterThan(5);
    const total = (mileage.body as MileageReportResponse).report.find((r) => r.vid === vid)?.mileage ?? NaN;
    expect((first ?? 0) + (second ?? 0)).toBeCloseTo(total, 1);
  });

  it('tells the console its zone at sign-in and in the session probe', async () => {
    const session = await client.post(API_PATHS.session, {});
    expect(session.status).toBe(200);
    expect(session.body.timeZone).toBe(ZONE);
    const login = await apiClient(server.baseUrl).post(API_PATHS.login, {
      email: 'owner2@demo.jejak.my',
      password: 'demo1234',
    });
    expect(login.body.timeZone).toBe(ZONE);
  });

  it('names an export by its first day in London when the request names no zone', async () => {
    // 23:00 in London the day before midnight; 07:00 the next day in Kuala Lumpur.
    const res = await fetch(`${server.baseUrl}/api${API_PATHS.transitRecordExport}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' },
      body: JSON.stringify({ vid, startTime: midnight - HOUR, endTime: midnight + HOUR }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const before = localDateOf(midnight - HOUR, ZONE);
    const day = `${before.y}-${pad(before.m)}-${pad(before.d)}`;
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`-${day}\\.xlsx"$`));
  });
});
