import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DEVICE_INSPECTOR_COLUMNS,
  REPORT_ROWS_HEADER,
  REPORT_TEXTS,
  type AlertEvent,
  type DetailReportResponse,
  type DeviceLog,
  type DisconnectReportResponse,
  type EventReportResponse,
  type GeofenceReportResponse,
  type MileageReportResponse,
  type OverspeedReportResponse,
} from '@jejak/contract';
import { destinationPoint, type LatLon } from '@jejak/domain';
import { LIBREOFFICE, libreofficeConvert } from '../../../tools/office/libreoffice.ts';
import { DEMO_SPEED_LIMIT_KMH } from '../src/demo/demo-rules.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { createReportKindsRepo } from '../src/storage/repos/records/report-kinds-repo.ts';
import { signIn, type Client } from './accounts-fixture.ts';
import { gt06Track } from './device-client.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

/*
 * Vehicle Reports' further kinds (issue 13 item 3) on one evening and night of the demo
 * speeder (owner's, watched by the demo 'Speeding' rule over 70 km/h), sent as GT06 packets
 * over a real socket: parked, a drive across local midnight (Kuala Lumpur) through a POI, a
 * burst over the limit, a silence of 21 minutes, a drive into a zone where it parks, then
 * silence for good (an ongoing disconnection).
 */

const kinds = await dbKinds();
const MIN = 60_000;
const DAY = 86_400_000;
/** 2026-03-02 00:00 in Kuala Lumpur. */
const MIDNIGHT = Date.UTC(2026, 2, 1, 16);
const IMEI = demoImei(1);
const DVID = `GPS100#${IMEI}`;
const KLANG = { lat: 3.0449, lon: 101.4456 };
const toLatLng = (p: LatLon) => ({ lat: p.lat, lng: p.lon });
/** The local day of 2 March and the one before it. */
const MAR2 = { startTime: MIDNIGHT, endTime: MIDNIGHT + DAY };
const MAR1 = { startTime: MIDNIGHT - DAY, endTime: MIDNIGHT };

interface Sent {
  timeMs: number;
  km: number;
  speed: number;
  acc: boolean;
}

/** The drive: each fix a minute after the last (but for the silence), `km` east of the last. */
function plan(): { fix: { speed: number; acc: boolean; km: number; gapMin?: number }[] } {
  const fix: { speed: number; acc: boolean; km: number; gapMin?: number }[] = [];
  for (let i = 0; i < 10; i++) fix.push({ speed: 0, acc: false, km: 0 });
  for (let i = 0; i < 30; i++) fix.push({ speed: 50, acc: true, km: 0.8 });
  for (const [speed, km] of [
    [90, 1.5],
    [95, 1.6],
    [100, 1.6],
    [90, 1.5],
    [60, 1],
    [60, 1],
    [50, 0.8],
  ] as const)
    fix.push({ speed, acc: true, km });
  for (let i = 0; i < 3; i++) fix.push({ speed: 0, acc: true, km: 0 });
  fix.push({ speed: 40, acc: true, km: 0.6, gapMin: 21 });
  for (let i = 0; i < 4; i++) fix.push({ speed: 40, acc: true, km: 0.6 });
  for (let i = 0; i < 5; i++) fix.push({ speed: 0, acc: false, km: 0 });
  return { fix };
}

/** Positions and times of the plan, from 23:30 local. */
function positions() {
  const out: (Sent & { at: LatLon })[] = [];
  let t = MIDNIGHT - 30 * MIN;
  let at = KLANG;
  for (const f of plan().fix) {
    t += (f.gapMin ?? 1) * MIN;
    at = destinationPoint(at, 90, f.km);
    out.push({ timeMs: t, km: f.km, speed: f.speed, acc: f.acc, at });
  }
  return out;
}
const FIXES = positions();
const fixAt = (minutesFromMidnight: number) => FIXES.find((f) => f.timeMs === MIDNIGHT + minutesFromMidnight * MIN);
const LAST = FIXES.at(-1) ?? { at: KLANG, timeMs: 0 };
/** A POI (radius 1 km) on the road at midnight: inside from 23:59 to 00:02. */
const POI = {
  geoType: 'POI',
  geofenceName: 'Hentian Tengah Malam',
  coordinates: [toLatLng(fixAt(0)?.at ?? KLANG)],
  geofenceRadius: 1000,
};
/** A zone from 1 km before the parking place to 0.5 km beyond it. */
const ZONE = {
  geoType: 'Polygon',
  geofenceName: 'Depoh Akhir',
  geofenceComment: '',
  coordinates: [
    destinationPoint(destinationPoint(LAST.at, 270, 1), 0, 0.5),
    destinationPoint(destinationPoint(LAST.at, 90, 0.5), 0, 0.5),
    destinationPoint(destinationPoint(LAST.at, 90, 0.5), 180, 0.5),
    destinationPoint(destinationPoint(LAST.at, 270, 1), 180, 0.5),
  ].map(toLatLng),
};

type Body = Record<string, unknown>;
const post = async <T>(c: Client, path: string, body: Body): Promise<T> => {
  const r = await c.post(path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
};

describe.each(kinds)('Vehicle Report kinds on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let vid = '';
  let poiId = '';
  let zoneId = '';
  let offsetMs = 0;
  let silentSince = 0;

  beforeAll(async () => {
    // The server's clock runs from an hour after midnight (plus what the test adds).
    const wallStart = Date.now();
    server = await startTestServer(kind, {}, () => MIDNIGHT + 60 * MIN + (Date.now() - wallStart) + offsetMs);
    owner = (await signIn(server.baseUrl, 'owner')).c;
    const db = server.app.database.db;
    vid = (await db.selectFrom('vehicles').select('vid').where('dvid', '=', DVID).executeTakeFirstOrThrow()).vid;
    poiId = ((await post<Body>(owner, '/geofence/add', { geofence: POI })).geofence as { geoid: string }).geoid;
    zoneId = ((await post<Body>(owner, '/geofence/add', { geofence: ZONE })).geofence as { geoid: string }).geoid;
    const tracker = await gt06Track(server.gt06Port, IMEI, MIDNIGHT - 30 * MIN);
    for (const f of FIXES) await tracker.sendAt({ timeMs: f.timeMs, at: f.at, speedKmh: f.speed, acc: f.acc });
    tracker.device.close();
    await tracker.device.closedPromise;
    await server.app.pipeline.drain();
    // Silent for longer than the disconnect limit (10 minutes) on the server's clock.
    offsetMs = 11 * MIN;
    silentSince = MIDNIGHT + 60 * MIN;
    await server.app.pipeline.sweepDisconnected();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const whole = () => ({ startTime: MIDNIGHT - DAY, endTime: MIDNIGHT + DAY });

  it('mileage: the rows of the next base, and the two local days sum to the whole', async () => {
    const legacy = await post<MileageReportResponse>(owner, API_PATHS.reportMileageWindow, { vidList: [vid], ...MAR2 });
    const next = await post<MileageReportResponse>(owner, API_PATHS.reportMileage, { vids: [vid], ...MAR2 });
    // The silence under way is counted up to now: the two calls a few milliseconds apart.
    const steady = (r: MileageReportResponse) => r.report.map(({ disconnectedDuration: _, ...rest }) => rest);
    expect(steady(legacy)).toEqual(steady(next));
    expect(
      Math.abs((legacy.report[0]?.disconnectedDuration ?? 0) - (next.report[0]?.disconnectedDuration ?? 0)),
    ).toBeLessThan(MIN);
    expect(legacy.message).toBe(REPORT_TEXTS.done);
    const day1 = await post<MileageReportResponse>(owner, API_PATHS.reportMileageWindow, { vidList: [vid], ...MAR1 });
    const all = await post<MileageReportResponse>(owner, API_PATHS.reportMileageWindow, { vidList: [vid], ...whole() });
    const km = (r: MileageReportResponse) => r.report[0]?.mileage ?? NaN;
    expect(km(day1) + km(legacy)).toBeCloseTo(km(all), 6);
    // 30 fixes of 0.8 km, 7 of the burst, 5 into the zone: every kilometre sent, split at midnight.
    expect(km(all)).toBeCloseTo(
      FIXES.reduce((a, f) => a + f.km, 0),
      0,
    );
    expect(km(day1)).toBeGreaterThan(0);
  });

  it('detail: the device logs of the local day, oldest first, from midnight on', async () => {
    const res = await post<DetailReportResponse>(owner, API_PATHS.reportDetail, { dvidList: [DVID], ...MAR2 });
    const fixes = res.report.filter((l) => l.devicePackage === 'gps#latest');
    expect(fixes.map((l) => l.deviceTime)).toEqual(FIXES.filter((f) => f.timeMs >= MIDNIGHT).map((f) => f.timeMs));
    expect(fixes[0]?.deviceTime).toBe(MIDNIGHT);
    const times = res.report.map((l) => l.deviceTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(res.report.every((l) => l.deviceTime >= MAR2.startTime && l.deviceTime < MAR2.endTime)).toBe(true);
    // The Device Inspector's call says the same.
    const inspector = await post<{ logs: DeviceLog[] }>(owner, API_PATHS.deviceLogs, { dvid: DVID, ...MAR2 });
    expect(res.report).toEqual(inspector.logs);
  });

  it('disconnect: the silence between fixes as a record, and the ongoing one with no end', async () => {
    const res = await post<DisconnectReportResponse>(owner, API_PATHS.reportDisconnect, { vidList: [vid], ...MAR2 });
    const idleEnd = MIDNIGHT + 20 * MIN;
    const back = MIDNIGHT + 41 * MIN;
    expect(res.report.map((r) => [r.startTime, r.endTime, r.duration])).toEqual([
      [idleEnd, back, back - idleEnd],
      [expect.any(Number), null, expect.any(Number)],
    ]);
    const [closed, ongoing] = res.report;
    expect(closed?.startLocation?.lat).toBeCloseTo(fixAt(20)?.at.lat ?? NaN, 5);
    expect(closed?.startAddress).toMatch(/\S/);
    // Since it was last heard on the server's clock, up to now.
    expect(ongoing?.startTime).toBeGreaterThanOrEqual(silentSince);
    expect(ongoing?.startTime).toBeLessThan(silentSince + offsetMs);
    expect((ongoing?.startTime ?? 0) + (ongoing?.duration ?? 0)).toBeGreaterThanOrEqual(MIDNIGHT + 60 * MIN + offsetMs);
    expect(ongoing?.startLocation?.lon).toBeCloseTo(LAST.at.lon, 5);
    // The day before: neither.
    const before = await post<DisconnectReportResponse>(owner, API_PATHS.reportDisconnect, { vidList: [vid], ...MAR1 });
    expect(before).toEqual({ status: 200, message: REPORT_TEXTS.empty, report: [], truncated: false });
  });

  it('geofence: a stay cut in two by midnight, and an open stay in the zone', async () => {
    const body = { vidList: [vid], geoidList: [poiId, zoneId] };
    const day2 = await post<GeofenceReportResponse>(owner, API_PATHS.reportGeofence, { ...body, ...MAR2 });
    expect(day2.report.map((r) => [r.geofenceName, r.geoType, r.enterTime, r.exitTime, r.duration])).toEqual([
      ['Hentian Tengah Malam', 'POI', MIDNIGHT - MIN, MIDNIGHT + 2 * MIN, 2 * MIN],
      ['Depoh Akhir', 'Polygon', MIDNIGHT + 44 * MIN, null, expect.any(Number)],
    ]);
    const open = day2.report[1];
    expect(open?.exitLocation).toBeNull();
    expect((open?.enterTime ?? 0) + (open?.duration ?? 0)).toBeGreaterThanOrEqual(MIDNIGHT + 60 * MIN + offsetMs);
    const day1 = await post<GeofenceReportResponse>(owner, API_PATHS.reportGeofence, { ...body, ...MAR1 });
    expect(day1.report.map((r) => [r.geoid, r.duration])).toEqual([[poiId, MIN]]);
    expect(day1.report[0]?.enterLocation.lat).toBeCloseTo(fixAt(-1)?.at.lat ?? NaN, 5);
    // Only the geofences named.
    const zoneOnly = await post<GeofenceReportResponse>(owner, API_PATHS.reportGeofence, {
      ...body,
      geoidList: [zoneId],
      ...MAR2,
    });
    expect(zoneOnly.report.map((r) => r.geoid)).toEqual([zoneId]);
  });

  it('event: the events of Event Record, oldest first', async () => {
    const res = await post<EventReportResponse>(owner, API_PATHS.reportEvent, { vidList: [vid], ...MAR2 });
    const record = await post<{ eventLogs: AlertEvent[] }>(owner, API_PATHS.events, { vids: [vid], ...MAR2 });
    expect(res.report).toEqual([...record.eventLogs].reverse());
    expect(res.report.map((e) => e.eventResult)).toEqual([1, 0]);
  });

  it('overspeed: violation to compliance, top speed, and the distance as a hand sum of the legs', async () => {
    const res = await post<OverspeedReportResponse>(owner, API_PATHS.reportOverspeed, { vids: [vid], ...MAR2 });
    const events = (await post<EventReportResponse>(owner, API_PATHS.reportEvent, { vidList: [vid], ...MAR2 })).report;
    const [violated, complied] = events;
    expect(res.report).toHaveLength(1);
    const row = res.report[0];
    const start = violated?.eventCreatedAt ?? NaN;
    const end = complied?.eventCreatedAt ?? NaN;
    // Each leg was sent `km` east along a great circle: the distance is their sum from start to end.
    const legs = FIXES.filter((f) => f.timeMs > start && f.timeMs <= end);
    expect(legs.length).toBeGreaterThan(1);
    expect(row).toMatchObject({
      vid,
      ruleName: 'Speeding',
      speedLimit: DEMO_SPEED_LIMIT_KMH,
      startTime: start,
      endTime: end,
      duration: end - start,
      speed: Math.max(...FIXES.filter((f) => f.timeMs >= start && f.timeMs <= end).map((f) => f.speed)),
    });
    expect(row?.distance).toBeCloseTo(
      legs.reduce((a, f) => a + f.km, 0),
      3,
    );
    expect(row?.startLocation).toEqual(violated?.location);
    // A window ending before the compliance: still speeding at its end.
    const cut = await post<OverspeedReportResponse>(owner, API_PATHS.reportOverspeed, {
      vids: [vid],
      startTime: MIDNIGHT,
      endTime: end - 1,
    });
    expect(cut.report.map((r) => [r.startTime, r.endTime, r.duration])).toEqual([[start, null, end - 1 - start]]);
  });

  it('detail export: the row count first, then the Device Inspector rows, read by ExcelJS and LibreOffice', async () => {
    const res = await fetch(`${server.baseUrl}/api${API_PATHS.reportDetailExport}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie ?? '' },
      body: JSON.stringify({ vid, ...MAR2, timeZone: 'Asia/Kuala_Lumpur' }),
    });
    expect(res.status).toBe(200);
    const detail = await post<DetailReportResponse>(owner, API_PATHS.reportDetail, { dvidList: [DVID], ...MAR2 });
    // The headers are read before any of the body.
    expect(Number(res.headers.get(REPORT_ROWS_HEADER))).toBe(detail.report.length);
    expect(res.headers.get('content-disposition')).toMatch(/filename="detail-.+-2026-03-02\.xlsx"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(DEVICE_INSPECTOR_COLUMNS.map((c) => c.label));
    expect(rows).toHaveLength(detail.report.length + 1);
    const deviceTimes = rows.slice(1).map((r) => r[1]);
    expect(deviceTimes.filter((t) => t === '2026-03-02 00:00:00').length).toBeGreaterThan(0);
    expect(deviceTimes).not.toContain('2026-03-01 23:59:00');
    if (!LIBREOFFICE) {
      console.warn('\n!!! LibreOffice is not installed: the LibreOffice check of the detail export is SKIPPED !!!\n');
      return;
    }
    const csv = (await libreofficeConvert(bytes, 'detail.xlsx', 'csv')).toString('utf8').trim().split(/\r?\n/);
    expect(csv[0]).toBe(DEVICE_INSPECTOR_COLUMNS.map((c) => c.label).join(','));
    expect(csv).toHaveLength(detail.report.length + 1);
    expect(csv.filter((line) => line.includes('2026-03-02 00:00:00,gps#latest'))).toHaveLength(1);
  }, 180_000);

  it('the export reads the logs page by page by keyset, every row once', async () => {
    const repo = createReportKindsRepo(server.app.database.db);
    const pages: DeviceLog[][] = [];
    for await (const page of repo.deviceLogPages(DVID, MAR2.startTime, MAR2.endTime, 7)) pages.push(page);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true);
    const detail = await post<DetailReportResponse>(owner, API_PATHS.reportDetail, { dvidList: [DVID], ...MAR2 });
    expect(pages.flat()).toEqual(detail.report);
    expect(await repo.countDeviceLogs(DVID, MAR2.startTime, MAR2.endTime)).toBe(detail.report.length);
  });

  it('refuses a foreign vehicle, device or geofence, and roles without the Vehicle Report grant', async () => {
    const owner2 = (await signIn(server.baseUrl, 'owner2')).c;
    const operator = (await signIn(server.baseUrl, 'operator')).c;
    const foreignGeoid = (
      (await post<Body>(owner2, '/geofence/add', { geofence: { ...POI, geofenceName: 'Lain' } })).geofence as {
        geoid: string;
      }
    ).geoid;
    const calls: [string, Body][] = [
      [API_PATHS.reportMileageWindow, { vidList: [vid], ...MAR2 }],
      [API_PATHS.reportDetail, { dvidList: [DVID], ...MAR2 }],
      [API_PATHS.reportDisconnect, { vidList: [vid], ...MAR2 }],
      [API_PATHS.reportGeofence, { vidList: [vid], geoidList: [zoneId], ...MAR2 }],
      [API_PATHS.reportEvent, { vidList: [vid], ...MAR2 }],
      [API_PATHS.reportOverspeed, { vids: [vid], ...MAR2 }],
      [API_PATHS.reportDetailExport, { vid, ...MAR2 }],
    ];
    for (const [path, body] of calls) {
      const foreign = await owner2.post(path, body);
      expect([path, foreign.status, foreign.body.errorType]).toEqual([path, 403, 'Forbidden']);
      expect(JSON.stringify(foreign.body)).not.toContain(vid);
      expect([path, (await operator.post(path, body)).status]).toEqual([path, 403]);
    }
    const geofence = await owner.post(API_PATHS.reportGeofence, {
      vidList: [vid],
      geoidList: [zoneId, foreignGeoid],
      ...MAR2,
    });
    expect([geofence.status, geofence.body.errorType]).toEqual([403, 'Forbidden']);
  });

  it.each([
    ['an end before the start', { endTime: MIDNIGHT - 1 }, 'endTime'],
    ['a window over 31 days', { endTime: MIDNIGHT + 32 * DAY }, 'endTime'],
    ['no vehicles', { vidList: [], vids: [], dvidList: [] }, 'List'],
  ])('400 naming the field for %s', async (_, change, field) => {
    const calls: [string, Body][] = [
      [API_PATHS.reportMileageWindow, { vidList: [vid] }],
      [API_PATHS.reportDetail, { dvidList: [DVID] }],
      [API_PATHS.reportDisconnect, { vidList: [vid] }],
      [API_PATHS.reportGeofence, { vidList: [vid], geoidList: [zoneId] }],
      [API_PATHS.reportEvent, { vidList: [vid] }],
      [API_PATHS.reportOverspeed, { vids: [vid] }],
    ];
    for (const [path, body] of calls) {
      const keys = Object.keys(change).filter((k) => k.endsWith('Time') || k in body);
      const r = await owner.post(path, {
        ...body,
        ...MAR2,
        ...Object.fromEntries(keys.map((k) => [k, (change as Body)[k]])),
      });
      expect([path, r.status, r.body.errorType]).toEqual([path, 400, 'ValidationException']);
      const named = field === 'List' ? (Object.keys(body)[0] ?? '') : field;
      expect(String(r.body.message)).toContain(named);
    }
  });
});
