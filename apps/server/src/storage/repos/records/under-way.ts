import { isTransitStatus, type StoredTripState, type VehicleUnderWay } from '@jejak/domain';
import { sql } from 'kysely';
import { isAnyOf, type Db } from '../../db/database.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The pipeline's open transit record out of its stored state (pipeline/state/resume.ts writes
 * it: segmenter.open with its first and last point and top speed). Read defensively: a state of
 * another shape is a vehicle whose km under way are unknown, never a failed report.
 */
export function openRecordOf(state: string | null): VehicleUnderWay['open'] {
  if (!state) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    return null;
  }
  const open = isObject(parsed) && isObject(parsed.segmenter) ? parsed.segmenter.open : null;
  if (!isObject(open) || !isObject(open.start) || !isObject(open.last) || !isTransitStatus(open.status)) return null;
  const startTime = num(open.start.timeMs);
  const lastTime = num(open.last.timeMs);
  const samples = num(open.samples) ?? 0;
  const fromKm = num(open.start.mileageKm);
  const toKm = num(open.last.mileageKm);
  if (startTime === null || lastTime === null) return null;
  return {
    transitStatus: open.status,
    startTime,
    lastTime,
    totalMileage: fromKm !== null && toKm !== null ? Math.max(0, toKm - fromKm) : 0,
    topSpeed: num(open.topSpeed) ?? 0,
    avgSpeed: samples > 0 ? (num(open.speedSum) ?? 0) / samples : 0,
  };
}

export interface UnderWayRow extends VehicleUnderWay {
  /** Where the vehicle was last seen: the open record's both ends in the transit report. */
  location: { lat: number; lon: number } | null;
  address: string | null;
  /** Where the open record began, when the pipeline has one. */
  startLocation: { lat: number; lon: number } | null;
  /** The latest stored trip and the pipeline's first pending record. */
  trips: StoredTripState;
}

/** The start of the pipeline's first pending record (its trip tracker in the stored state). */
export function pendingFromOf(state: string | null): number | null {
  try {
    const parsed: unknown = state ? JSON.parse(state) : null;
    const trips = isObject(parsed) && isObject(parsed.trips) ? parsed.trips : null;
    return trips && Array.isArray(trips.pending) ? num(trips.pending[0]) : null;
  } catch {
    return null;
  }
}

function openStartOf(state: string | null): { lat: number; lon: number } | null {
  try {
    const parsed: unknown = state ? JSON.parse(state) : null;
    const open = isObject(parsed) && isObject(parsed.segmenter) ? parsed.segmenter.open : null;
    const start = isObject(open) && isObject(open.start) ? open.start : null;
    const lat = num(start?.lat);
    const lon = num(start?.lon);
    return lat === null || lon === null ? null : { lat, lon };
  } catch {
    return null;
  }
}

/** Each vehicle's status under way (the live view's), the pipeline's open record and its last fix: one query. */
export async function vehiclesUnderWay(db: Db, vids: readonly string[]): Promise<Map<string, UnderWayRow>> {
  const { rows } = await sql<{
    vid: string;
    transit_status: string | null;
    transit_from: number | string | null;
    state: string | null;
    lat: number | null;
    lon: number | null;
    address: string | null;
    trip_status: string | null;
    trip_start: number | string | null;
    trip_end: number | string | null;
  }>`
    select v.vid, v.transit_status, v.transit_from, p.state, l.lat, l.lon, l.address,
      t.trip_status, t.start_time as trip_start, t.end_time as trip_end
    from vehicles v
    left join pipeline_states p on p.dvid = v.dvid
    left join lateral (
      select lat, lon, address from vehicle_logs where vid = v.vid order by vehicle_time desc limit 1
    ) l on true
    left join lateral (
      select trip_status, start_time, end_time from trip_records where vid = v.vid order by start_time desc limit 1
    ) t on true
    where ${isAnyOf('v.vid', [...new Set(vids)])}`.execute(db);
  const found = new Map<string, UnderWayRow>();
  for (const r of rows) {
    if (!isTransitStatus(r.transit_status) || r.transit_from === null) continue;
    found.set(r.vid, {
      transitStatus: r.transit_status,
      since: Number(r.transit_from),
      open: openRecordOf(r.state),
      startLocation: openStartOf(r.state),
      location: r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
      address: r.address,
      trips: {
        last:
          r.trip_start !== null && r.trip_end !== null
            ? {
                tripStatus: r.trip_status === 'PARKING' ? 'PARKING' : 'TRANSIT',
                startTime: Number(r.trip_start),
                endTime: Number(r.trip_end),
              }
            : null,
        pendingFrom: pendingFromOf(r.state),
      },
    });
  }
  return found;
}

/** Events of each vehicle in each span (a trip under way's numberOfEvents), by `vid:from`: one grouped query. */
export async function eventCountsIn(
  db: Db,
  spans: readonly { vid: string; from: number; to: number }[],
): Promise<Map<string, number>> {
  if (spans.length === 0) return new Map();
  const { rows } = await sql<{ vid: string; f: number | string; n: number }>`
    select x.vid, x.f, count(e.event_time)::int as n
    from unnest(${spans.map((s) => s.vid)}::text[], ${spans.map((s) => s.from)}::int8[],
      ${spans.map((s) => s.to)}::int8[]) as x(vid, f, t)
    join events e on e.vid = x.vid and e.event_time >= x.f and e.event_time <= x.t
    group by x.vid, x.f`.execute(db);
  return new Map(rows.map((r) => [`${r.vid}:${Number(r.f)}`, Number(r.n)]));
}
