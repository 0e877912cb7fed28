import { sql, type Kysely } from 'kysely';
import {
  accumulateMileage,
  localDays,
  REPORT_TIME_ZONE,
  type LocalDay,
  type MileageSummary,
  type Span,
  type TransitSlice,
} from '@jejak/domain';
import { RECORD_LOOKBACK_MS, slicesByVid, type TransitSliceRow } from './transit-slices.ts';
import type { Database } from '../db/schema.ts';

/**
 * Per-day totals of the transit records (issue 15 item 8, ADR 0058): one row per vehicle and
 * local day of the reports' time zone, summed exactly as the mileage report sums a window that is
 * that day (summarizeMileage, before rounding), so the reports read a month as ~30 rows a vehicle
 * and still answer what the records say. Rewritten whenever the records of a day change.
 */
export interface DayStat extends MileageSummary {
  /** The local date, YYYY-MM-DD. */
  date: string;
  startTime: number;
  endTime: number;
}

export interface VehicleSpan extends Span {
  vid: string;
}

const DAY_MS = 86_400_000;

/** The whole local days overlapping the span (a point counts as the day around it). */
export function wholeDaysOver(span: Span, timeZone: string): LocalDay[] {
  const to = Math.max(span.endTime, span.startTime + 1);
  // Two days of margin either side: the days cut by localDays' window fall outside the span.
  return localDays({ startTime: span.startTime - 2 * DAY_MS, endTime: to + 2 * DAY_MS }, timeZone).filter(
    (d) => d.endTime > span.startTime && d.startTime < to,
  );
}

/**
 * The records each day's row sums, in start order: those overlapping the day, begun at most
 * RECORD_LOOKBACK_MS before it — what the report reads for a window that is the day.
 */
function recordsByDay(days: readonly LocalDay[], records: readonly TransitSlice[]): TransitSlice[][] {
  const byDay = days.map((): TransitSlice[] => []);
  // Records come in start order: the first day a record can overlap only moves forward.
  let first = 0;
  for (const r of records) {
    while (first < days.length && (days[first]?.endTime ?? 0) <= r.startTime) first++;
    for (let i = first; i < days.length; i++) {
      const d = days[i];
      if (!d || d.startTime >= Math.max(r.endTime, r.startTime + 1)) break;
      if (r.endTime > d.startTime && r.startTime >= d.startTime - RECORD_LOOKBACK_MS) byDay[i]?.push(r);
    }
  }
  return byDay;
}

/** Each vehicle's days touched by its spans, by date, in order. */
function daysByVid(spans: readonly VehicleSpan[], timeZone: string): Map<string, LocalDay[]> {
  const byVid = new Map<string, Map<string, LocalDay>>();
  for (const s of spans) {
    let days = byVid.get(s.vid);
    if (!days) byVid.set(s.vid, (days = new Map<string, LocalDay>()));
    for (const d of wholeDaysOver(s, timeZone)) days.set(d.date, d);
  }
  return new Map([...byVid].map(([vid, days]) => [vid, [...days.values()].sort((a, b) => a.startTime - b.startTime)]));
}

/** The vehicles' transit records overlapping their spans (with the lookback), oldest first. */
async function slicesOf(db: Kysely<Database>, spans: Map<string, Span>): Promise<Map<string, TransitSlice[]>> {
  const vids = [...spans.keys()];
  const { rows } = await sql<TransitSliceRow>`
    select r.vid, r.transit_status, r.start_time, r.end_time, r.total_mileage, r.top_speed
    from unnest(${vids}::text[], ${vids.map((v) => spans.get(v)?.startTime ?? 0)}::int8[],
      ${vids.map((v) => spans.get(v)?.endTime ?? 0)}::int8[]) as x(vid, from_ms, to_ms)
    join transit_records r on r.vid = x.vid and r.start_time >= x.from_ms - ${RECORD_LOOKBACK_MS}::int8
      and r.start_time < x.to_ms and r.end_time > x.from_ms
    order by r.vid, r.start_time`.execute(db);
  return slicesByVid(rows);
}

/**
 * Rewrites the day rows of every local day the spans touch from the transit records as they
 * stand: a day without a record loses its row. Runs in the caller's transaction, after the
 * records were written; the writers hold the vehicle's row by then (they update it), so two
 * writers of one vehicle's days follow each other.
 */
export async function refreshDayStats(
  db: Kysely<Database>,
  spans: readonly VehicleSpan[],
  timeZone: string = REPORT_TIME_ZONE,
): Promise<void> {
  const days = daysByVid(spans, timeZone);
  if (days.size === 0) return;
  const reach = new Map(
    [...days].map(([vid, list]) => [vid, { startTime: list[0]?.startTime ?? 0, endTime: list.at(-1)?.endTime ?? 0 }]),
  );
  const records = await slicesOf(db, reach);
  const touched = [...days].flatMap(([vid, list]) => list.map((d) => ({ vid, date: d.date })));
  await sql`
    delete from vehicle_day_stats s
    using unnest(${touched.map((t) => t.vid)}::text[], ${touched.map((t) => t.date)}::date[]) as x(vid, day)
    where s.vid = x.vid and s.day = x.day`.execute(db);
  const rows = [...days].flatMap(([vid, list]) =>
    recordsByDay(list, records.get(vid) ?? []).flatMap((inDay, i) => {
      const day = list[i];
      return day && inDay.length > 0 ? [{ vid, day, n: inDay.length, s: accumulateMileage(inDay, day) }] : [];
    }),
  );
  if (rows.length === 0) return;
  await sql`
    insert into vehicle_day_stats (vid, day, start_time, end_time, mileage_km, moving_ms, idling_ms, parking_ms,
      disconnected_ms, top_speed_kmh, records)
    select * from unnest(${rows.map((r) => r.vid)}::text[], ${rows.map((r) => r.day.date)}::date[],
      ${rows.map((r) => r.day.startTime)}::int8[], ${rows.map((r) => r.day.endTime)}::int8[],
      ${rows.map((r) => r.s.mileage)}::float8[], ${rows.map((r) => r.s.movingDuration)}::int8[],
      ${rows.map((r) => r.s.idlingDuration)}::int8[], ${rows.map((r) => r.s.parkingDuration)}::int8[],
      ${rows.map((r) => r.s.disconnectedDuration)}::int8[], ${rows.map((r) => r.s.topSpeed)}::float8[],
      ${rows.map((r) => r.n)}::int4[])
    on conflict (vid, day) do update set start_time = excluded.start_time, end_time = excluded.end_time,
      mileage_km = excluded.mileage_km, moving_ms = excluded.moving_ms, idling_ms = excluded.idling_ms,
      parking_ms = excluded.parking_ms, disconnected_ms = excluded.disconnected_ms,
      top_speed_kmh = excluded.top_speed_kmh, records = excluded.records`.execute(db);
}

/** Vehicles whose days one backfill step rewrites. */
const BACKFILL_VEHICLES = 20;

/** Fills the day rows of every vehicle from all its records (migration 024's data step). */
export async function backfillDayStats(db: Kysely<Database>, timeZone: string = REPORT_TIME_ZONE): Promise<void> {
  const { rows } = await sql<{ vid: string; from_ms: number; to_ms: number }>`
    select vid, min(start_time) as from_ms, max(end_time) as to_ms from transit_records group by vid order by vid`.execute(
    db,
  );
  for (let i = 0; i < rows.length; i += BACKFILL_VEHICLES) {
    const spans = rows
      .slice(i, i + BACKFILL_VEHICLES)
      .map((r) => ({ vid: r.vid, startTime: Number(r.from_ms), endTime: Number(r.to_ms) }));
    await refreshDayStats(db, spans, timeZone);
  }
}

/**
 * Makes the day rows hold in `timeZone` (ADR 0068): they are keyed by local date, so rows of
 * another zone would put a day's kilometres on the wrong dates. When the zone they were made in
 * (day_stats_zone) is another, every row is rebuilt from the transit records in this one, in one
 * transaction, and the zone recorded. Run at start under the migration lock. Answers whether it
 * rebuilt.
 */
export async function alignDayStatsZone(db: Kysely<Database>, timeZone: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('day_stats_zone').select('time_zone').forUpdate().executeTakeFirst();
    if (row?.time_zone === timeZone) return false;
    await trx.deleteFrom('vehicle_day_stats').execute();
    await backfillDayStats(trx, timeZone);
    await trx
      .insertInto('day_stats_zone')
      .values({ id: true, time_zone: timeZone })
      .onConflict((oc) => oc.column('id').doUpdateSet({ time_zone: timeZone }))
      .execute();
    return true;
  });
}
