import http from 'node:http';
import { sql } from 'kysely';
import { dvidOf } from '@jejak/contract';
import { destinationPoint } from '@jejak/domain';
import { createGt06Client, type DeviceFix, type TrackerClient } from '@jejak/simulator';
import { DEMO_MODEL } from '../src/demo/seed.ts';
import type { Db } from '../src/storage/db/database.ts';

/**
 * Clients of the cluster tests (cluster-failover.test.ts) that a load balancer must tell apart:
 * HTTP from a source address of 127/8 of one's choosing, and trackers streaming a drive.
 */

/** An HTTP request from `localAddress` (any of 127/8 is this machine): its status and JSON body. */
export function requestFrom(
  url: string,
  localAddress: string,
  opts: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const payload = opts.body === undefined ? '' : JSON.stringify(opts.body);
  const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', localAddress, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = (res.headers['content-type'] ?? '').startsWith('application/json');
        resolve({ status: res.statusCode ?? 0, body: json ? (JSON.parse(text) as unknown) : text });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const STEP_MS = 30_000;
export const DRIVE_FIXES = 110;
/** Parked 5 min, driving 15 min, parked 10 min, driving 15 min, parked 10 min: two trips. */
const driving = (i: number) => (i >= 10 && i < 40) || (i >= 60 && i < 90);

/** The same drive east at 40 km/h every run, a fix every 30 s of device time from `t0`. */
export function drive(t0: number): DeviceFix[] {
  let at = { lat: 3.2, lon: 101.5 };
  const fixes: DeviceFix[] = [];
  for (let i = 0; i < DRIVE_FIXES; i++) {
    const moving = driving(i) && driving(i - 1);
    if (moving) at = destinationPoint(at, 90, (40 * STEP_MS) / 3_600_000);
    fixes.push({
      timeMs: t0 + i * STEP_MS,
      ...at,
      speedKmh: moving ? 40 : 0,
      course: 90,
      acc: driving(i),
      satellites: 9,
    });
  }
  return fixes;
}

/** A GT06 tracker sending `fixes` one every `everyMs` to `port`, back 0.2–0.4 s after a drop; `acks` their times. */
export function driveTracker(imei: string, fixes: readonly DeviceFix[], port: number, everyMs: number) {
  const acks: number[] = [];
  let next = 0;
  const client: TrackerClient = createGt06Client({
    host: '127.0.0.1',
    port,
    imei,
    nextFix: () => {
      const fix = fixes[next++];
      if (!fix) throw new Error('no fix left');
      return fix;
    },
    maxFixes: fixes.length,
    fixEveryMs: everyMs,
    heartbeatEveryMs: 0,
    onAck: (e) => acks.push(e.ackedAtMs),
    reconnectMinMs: 200,
    reconnectMaxMs: 400,
  });
  return { client, acks };
}

/** What the store holds of a device's drive: its fixes (duplicates apart), vehicle logs, trips and transits. */
export async function storedDrive(db: Db, imei: string) {
  const dvid = dvidOf(DEMO_MODEL, imei);
  const fixes = await sql<{ n: number }>`
    select count(*)::int as n from device_logs
    where dvid = ${dvid} and package in ('gps#latest', 'gps#memory') group by device_time`.execute(db);
  const logs = await sql<{ n: number; times: number }>`
    select count(*)::int as n, count(distinct l.vehicle_time)::int as times
    from vehicle_logs l join vehicles v on v.vid = l.vid where v.dvid = ${dvid}`.execute(db);
  const trips = await sql`
    select t.trip_status, t.start_time, t.end_time, round(t.total_distance::numeric, 6) as km, t.top_speed,
      t.total_moving_duration, t.total_idling_duration
    from trip_records t join vehicles v on v.vid = t.vid where v.dvid = ${dvid} order by t.start_time`.execute(db);
  const transits = await sql`
    select t.transit_status, t.start_time, t.end_time, t.duration, round(t.total_mileage::numeric, 6) as km,
      t.top_speed
    from transit_records t join vehicles v on v.vid = t.vid where v.dvid = ${dvid} order by t.start_time`.execute(db);
  return {
    times: fixes.rows.length,
    duplicated: fixes.rows.filter((r) => r.n !== 1).length,
    vehicleLogs: logs.rows[0],
    trips: trips.rows,
    transits: transits.rows,
  };
}
