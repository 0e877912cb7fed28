import { sql, type Selectable, type Transaction } from 'kysely';
import {
  REPORT_TIME_ZONE,
  type Device,
  type TransitRecordValue,
  type TripTrackerState,
  type Vehicle,
} from '@jejak/domain';
import { isUniqueViolation } from '../db/copy.ts';
import { isAnyOf, type Db } from '../db/database.ts';
import { writeGeofenceProfiles, writeGeofenceRecords } from './geofence-writer.ts';
import { writeDeviceLast } from './device-last-writer.ts';
import { disconnectSilentDevices } from './disconnect-sweep.ts';
import { writeEvents } from './event-writer.ts';
import { jsonRecords, type RecordType } from '../db/json-records.ts';
import { writeWebhookSignals } from './signal-writer.ts';
import { col, insertLogs, insertVehicleLogs } from './log-writer.ts';
import { writeTransits, writeTrips } from './record-writer.ts';
import { toTransitValue, toTripValue } from './record-mappers.ts';
import type { Database, TransitRecordsTable, TripRecordsTable } from '../db/schema.ts';
import {
  StaleOwnerError,
  type DeviceLogRow,
  type DeviceStateRow,
  type IngestBatch,
  type ParkedLogs,
  type PipelineStateRow,
  type StoredPipelineState,
  type VehicleStateRow,
} from './rows.ts';

/**
 * One indexed read per batch, first in its transaction: the owner rows it shares stay locked
 * until it commits, so a claim by another node waits for it, and any commit after the claim
 * finds the newer epoch.
 */
export async function checkOwners(
  trx: Transaction<Database>,
  owners: { dvid: string; epoch: number }[],
): Promise<void> {
  const { rows } = await sql<{ dvid: string; epoch: string }>`
    select dvid, epoch from device_owners where dvid = any(${col(owners, 'dvid')}::text[])
    order by dvid for share`.execute(trx);
  const stored = new Map(rows.map((r) => [r.dvid, Number(r.epoch)]));
  const stale = owners.filter((o) => stored.get(o.dvid) !== o.epoch).map((o) => o.dvid);
  if (stale.length > 0) throw new StaleOwnerError(stale);
}

/**
 * One upsert for all the batch's devices, in key order (concurrent batches never deadlock); a
 * state older than the stored one (a batch that committed late) leaves it alone.
 */
async function writePipelineStates(trx: Transaction<Database>, states: PipelineStateRow[]): Promise<void> {
  await sql`
    insert into pipeline_states (dvid, seq, state, late_since)
    select x.dvid, x.seq, x.state, x."lateSince"
    from ${jsonRecords(states, { dvid: 'text', seq: 'int8', state: 'text', lateSince: 'int8' })}
    order by x.dvid
    on conflict (dvid) do update set seq = excluded.seq, state = excluded.state, late_since = excluded.late_since
    where pipeline_states.seq < excluded.seq`.execute(trx);
}

/** Rewrites vehicle-log rows found to be a parking: rare (once per stop), a range of the key. */
async function writeParkedLogs(trx: Transaction<Database>, parked: ParkedLogs[]): Promise<void> {
  await sql`
    update vehicle_logs l set transit_status = 'PARKING', transit_from = x.from_ms,
      trip_status = case when x.trip then 'PARKING' else l.trip_status end,
      trip_from = case when x.trip then x.from_ms else l.trip_from end
    from unnest(${col(parked, 'vid')}::text[], ${col(parked, 'fromMs')}::int8[], ${col(parked, 'toMs')}::int8[],
      ${col(parked, 'trip')}::bool[]) as x(vid, from_ms, to_ms, trip)
    where l.vid = x.vid and l.vehicle_time >= x.from_ms and l.vehicle_time < x.to_ms`.execute(trx);
}

const DEVICE_RECORD = {
  dvid: 'text',
  lat: 'float8',
  lon: 'float8',
  heading: 'float8',
  speed: 'float8',
  deviceTime: 'int8',
  gpsStatus: 'bool',
  engineStatus: 'bool',
  isAlive: 'bool',
  lastSeenAt: 'int8',
  noGPSAt: 'int8',
} as const satisfies Record<keyof DeviceStateRow, RecordType>;

const VEHICLE_RECORD = {
  vid: 'text',
  transitStatus: 'text',
  transitFrom: 'int8',
  updatedAt: 'int8',
  stoppedSince: 'int8',
  mileageKm: 'float8',
} as const satisfies Record<keyof VehicleStateRow, RecordType>;

/** The devices of a batch's log and state rows, each once (no per-row arrays in between). */
function dvidsOf(logs: readonly DeviceLogRow[], devices: readonly DeviceStateRow[]): string[] {
  const dvids = new Set<string>();
  for (const l of logs) dvids.add(l.dvid);
  for (const d of devices) dvids.add(d.dvid);
  return [...dvids];
}

/** Stored transit records as the segmenter made them, by vid, in the order read. */
function groupByVid(rows: Selectable<TransitRecordsTable>[]): Map<string, TransitRecordValue[]> {
  const byVid = new Map<string, TransitRecordValue[]>();
  for (const r of rows) {
    let list = byVid.get(r.vid);
    if (!list) byVid.set(r.vid, (list = []));
    list.push(...toTransitValue(r));
  }
  return byVid;
}

/**
 * Writes one batch in one transaction. The log rows go in by COPY (DESIGN §2); a batch that
 * holds a row already stored (a tracker resending what we stored but could not acknowledge)
 * fails as a whole and is written again with idempotent inserts, so it is stored exactly once.
 */
export interface IngestStoreOptions {
  /**
   * Concurrent batches (PostgreSQL) lock the rows they update in one order (by key), so they
   * never deadlock. PGlite runs one transaction at a time and needs no locks.
   */
  lockRows: boolean;
  /** The zone of the per-day totals' dates (JEJAK_TIME_ZONE, ADR 0068); REPORT_TIME_ZONE if left out. */
  timeZone?: string;
}

export function createIngestStore(db: Db, opts: IngestStoreOptions = { lockRows: true }) {
  const store = {
    /**
     * `copy: false` writes the log rows with idempotent inserts straight away. Resolves to how
     * the log rows went in: 'insert' when COPY met a row already stored and the batch was
     * written again.
     */
    async write(batch: IngestBatch, copy = true): Promise<'copy' | 'insert'> {
      const written = db.transaction().execute(async (trx) => {
        const { logs, devices, vehicles } = batch;
        if (batch.owners && batch.owners.length > 0) await checkOwners(trx, batch.owners);
        if (logs.length > 0) await insertLogs(trx, logs, copy);
        // Concurrent batches lock the rows they update in one order (by key), so they never
        // deadlock: the devices rows of the log rows and of the state rows together.
        const touched = dvidsOf(logs, devices);
        if (opts.lockRows && touched.length > 0)
          await sql`select 1 from devices where dvid = any(${touched}::text[]) order by dvid for update`.execute(trx);
        await writeDeviceLast(trx, logs);
        if (devices.length > 0) {
          await sql`
            update devices d set lat = coalesce(x.lat, d.lat), lon = coalesce(x.lon, d.lon),
              heading = coalesce(x.heading, d.heading), speed = coalesce(x.speed, d.speed),
              device_time = coalesce(x."deviceTime", d.device_time), gps_status = coalesce(x."gpsStatus", d.gps_status),
              engine_status = coalesce(x."engineStatus", d.engine_status), is_alive = x."isAlive",
              no_gps_at = case when x."gpsStatus" is null then d.no_gps_at else x."noGPSAt" end,
              last_seen_at = x."lastSeenAt"
            from ${jsonRecords(devices, DEVICE_RECORD)}
            where d.dvid = x.dvid and (d.last_seen_at is null or x."lastSeenAt" >= d.last_seen_at)`.execute(trx);
        }
        if (vehicles.length > 0) {
          if (opts.lockRows)
            await sql`select 1 from vehicles where vid = any(${col(vehicles, 'vid')}::text[]) order by vid for update`.execute(
              trx,
            );
          await sql`
            update vehicles v set transit_status = x."transitStatus", transit_from = x."transitFrom",
              updated_at = x."updatedAt", stopped_since = x."stoppedSince", mileage_km = x."mileageKm"
            from ${jsonRecords(vehicles, VEHICLE_RECORD)}
            where v.vid = x.vid and (v.updated_at is null or x."updatedAt" >= v.updated_at)`.execute(trx);
        }
        if (batch.geofenceProfiles && batch.geofenceProfiles.length > 0)
          await writeGeofenceProfiles(trx, batch.geofenceProfiles);
        if (batch.geofenceRecords && batch.geofenceRecords.length > 0)
          await writeGeofenceRecords(trx, batch.geofenceRecords);
        const vl = batch.vehicleLogs ?? [];
        if (vl.length > 0) await insertVehicleLogs(trx, vl, copy);
        if (batch.parkedLogs && batch.parkedLogs.length > 0) await writeParkedLogs(trx, batch.parkedLogs);
        if (batch.transits && batch.transits.length > 0)
          await writeTransits(trx, batch.transits, opts.timeZone ?? REPORT_TIME_ZONE);
        if (batch.trips && batch.trips.length > 0) await writeTrips(trx, batch.trips);
        if (batch.states && batch.states.length > 0) await writePipelineStates(trx, batch.states);
        batch.storedEvids = batch.events && batch.events.length > 0 ? await writeEvents(trx, batch.events) : new Set();
        if (batch.signals && batch.signals.length > 0) await writeWebhookSignals(trx, batch.signals);
      });
      try {
        await written;
        return copy ? 'copy' : 'insert';
      } catch (err) {
        if (!copy || !isUniqueViolation(err)) throw err;
        return store.write(batch, false);
      }
    },

    /**
     * Marks DISCONNECTED the vehicles whose devices have been silent since before `cutoffMs`,
     * leaving out devices the pipeline holds in memory (it sweeps those itself).
     */
    disconnectSilent(cutoffMs: number, skipDvids: string[]): Promise<{ vehicle: Vehicle; device: Device }[]> {
      return disconnectSilentDevices(db, cutoffMs, sql<boolean>`(d.dvid = any(${skipDvids}::text[]))`);
    },

    /**
     * Where each vehicle's trips stand: the last PARKING trip (a phantom may still extend it) and
     * the closed transit records from its start on — what the pipeline keeps in memory. One entry
     * per vid asked for; two queries however many.
     */
    async tripTrackers(vids: readonly string[]): Promise<Map<string, TripTrackerState>> {
      if (vids.length === 0) return new Map();
      // Both reads on one connection: on PGlite the second does not queue again behind commits.
      const { last, records } = await db.connection().execute(async (conn) => {
        const lasts = await sql<Selectable<TripRecordsTable>>`
          select distinct on (vid) * from trip_records
          where vid = any(${[...vids]}::text[]) and trip_status = 'PARKING'
          order by vid, start_time desc`.execute(conn);
        const last = new Map(lasts.rows.map((r) => [r.vid, r]));
        const since = vids.map((vid) => last.get(vid)?.start_time ?? 0);
        const records = await sql<Selectable<TransitRecordsTable>>`
          select r.* from unnest(${[...vids]}::text[], ${since}::int8[]) as x(vid, since)
          cross join lateral (
            select * from transit_records t where t.vid = x.vid and t.start_time >= x.since
            order by t.start_time limit 10000
          ) r
          order by r.vid, r.start_time`.execute(conn);
        return { last, records };
      });
      const pending = groupByVid(records.rows);
      return new Map(
        vids.map((vid) => {
          const trip = last.get(vid);
          return [vid, { pending: pending.get(vid) ?? [], last: trip ? toTripValue(trip) : null }];
        }),
      );
    },

    /** The pipeline states stored for these devices, by dvid (`state` is JSON text); one query. */
    async pipelineStates(dvids: readonly string[]): Promise<Map<string, StoredPipelineState>> {
      if (dvids.length === 0) return new Map();
      const rows = await db
        .selectFrom('pipeline_states')
        .select(['dvid', 'seq', 'state', 'late_since'])
        .where(isAnyOf('dvid', dvids))
        .execute();
      return new Map(
        rows.map((r) => [
          r.dvid,
          { seq: Number(r.seq), state: r.state, lateSince: r.late_since === null ? null : Number(r.late_since) },
        ]),
      );
    },

    /**
     * Vehicles' transit records that start at the given times (vid → start times), by vid,
     * oldest first; one query however many.
     */
    async transitRecordsAt(
      startTimes: ReadonlyMap<string, readonly number[]>,
    ): Promise<Map<string, TransitRecordValue[]>> {
      const pairs = [...startTimes].flatMap(([vid, times]) => times.map((t) => ({ vid, t })));
      if (pairs.length === 0) return new Map();
      const rows = await sql<Selectable<TransitRecordsTable>>`
        select * from transit_records
        where (vid, start_time) in (select * from unnest(${col(pairs, 'vid')}::text[], ${col(pairs, 't')}::int8[]))
        order by vid, start_time`.execute(db);
      return groupByVid(rows.rows);
    },

    /** Devices with late data whose recompute has not run yet. */
    async pendingRecomputes(): Promise<string[]> {
      const rows = await db.selectFrom('pipeline_states').select('dvid').where('late_since', 'is not', null).execute();
      return rows.map((r) => r.dvid);
    },

    async countLogs(dvid?: string): Promise<number> {
      let q = db.selectFrom('device_logs').select(sql<number>`count(*)::int`.as('n'));
      if (dvid) q = q.where('dvid', '=', dvid);
      return (await q.executeTakeFirstOrThrow()).n;
    },
  };
  return store;
}
export type IngestStore = ReturnType<typeof createIngestStore>;
