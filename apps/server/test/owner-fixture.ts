import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { dvidOf } from '@jejak/contract';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import {
  exited,
  freePort,
  serverAnswers,
  serverEnv,
  startServerProcess,
  waitFor,
} from '../../../tools/server-process.ts';
import { DEMO_MODEL } from '../src/demo/seed.ts';
import { openPostgres, type Db } from '../src/storage/db/database.ts';
import { PG_ADMIN_URL } from './harness.ts';

/** Gateway nodes as processes of their own, and what they stored (ADR 0061, 0062). */

export interface Node {
  child: ChildProcess;
  gt06: number;
  http: number;
}

/** A `jejak gateway` process with its GT06 listener; resolves once it answers. */
export async function startNode(env: Record<string, string>): Promise<Node> {
  const [http, gt06] = [await freePort(), await freePort()];
  const child = startServerProcess({ ...serverEnv(http, { gt06 }), ...env }, { role: 'gateway' });
  await waitFor(() => serverAnswers(http), 90_000, 'a gateway node to start');
  return { child, gt06, http };
}

/** What the store holds of a device: fixes per device time, and its vehicle's records. */
export async function stored(db: Db, imei: string) {
  const dvid = dvidOf(DEMO_MODEL, imei);
  const fixes = await sql<{ device_time: string; n: number }>`
    select device_time, count(*)::int as n from device_logs
    where dvid = ${dvid} and package in ('gps#latest', 'gps#memory') group by device_time`.execute(db);
  const vehicleLogs = await sql<{ n: number; times: number }>`
    select count(*)::int as n, count(distinct vehicle_time)::int as times from vehicle_logs l
    join vehicles v on v.vid = l.vid where v.dvid = ${dvid}`.execute(db);
  const trips = await sql`
    select t.trip_status, t.start_time, t.end_time, round(t.total_distance::numeric, 6) as km, t.top_speed,
      t.total_moving_duration, t.total_idling_duration
    from trip_records t join vehicles v on v.vid = t.vid where v.dvid = ${dvid} order by start_time`.execute(db);
  const transits = await sql`
    select t.transit_status, t.start_time, t.end_time, t.duration, round(t.total_mileage::numeric, 6) as km,
      t.top_speed
    from transit_records t join vehicles v on v.vid = t.vid where v.dvid = ${dvid} order by start_time`.execute(db);
  return {
    times: fixes.rows.length,
    duplicated: fixes.rows.filter((r) => r.n !== 1).length,
    vehicleLogs: vehicleLogs.rows[0],
    trips: trips.rows,
    transits: transits.rows,
  };
}

/**
 * The processes and scratch databases of one describe block: `teardown` (its afterAll) kills
 * the processes still running, then lets go of the rest in reverse order.
 */
export function processBed() {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  return {
    children,
    cleanups,
    /** A scratch PostgreSQL database and a small pool on it. */
    open: async (name: string) => {
      const scratch = await createScratchPostgres(PG_ADMIN_URL, name);
      cleanups.push(scratch.drop);
      const handle = await openPostgres(scratch.url, 2, () => undefined);
      cleanups.push(() => handle.close());
      return { url: scratch.url, db: handle.db };
    },
    teardown: async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await Promise.all(children.map(exited));
      for (const c of cleanups.reverse()) await c();
    },
  };
}
