import { isTransitStatus, type VehicleUnderWay } from '@jejak/domain';
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
  /** The trip under way as the last fix says it (TRANSIT or PARKING, since when). */
  trip: { tripStatus: 'TRANSIT' | 'PARKING'; since: number } | null;
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
    trip_from: number | string | null;
  }>`
    select v.vid, v.transit_status, v.transit_from, p.state, l.lat, l.lon, l.address, l.trip_status, l.trip_from
    from vehicles v
    left join pipeline_states p on p.dvid = v.dvid
    left join lateral (
      select lat, lon, address, trip_status, trip_from from vehicle_logs where vid = v.vid order by vehicle_time desc limit 1
    ) l on true
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
      trip:
        (r.trip_status === 'TRANSIT' || r.trip_status === 'PARKING') && r.trip_from !== null
          ? { tripStatus: r.trip_status, since: Number(r.trip_from) }
          : null,
    });
  }
  return found;
}
