import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FIX_FILTER,
  DEFAULT_SEGMENTER,
  DEFAULT_TRANSIT_CONFIG,
  EMPTY_FIX_FILTER_STATE,
  emptySegmenter,
  emptyTripTracker,
  emptyVehicleFuel,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import { applyMessage } from '../../apps/server/src/pipeline/path.ts';
import type { DeviceState, StepContext } from '../../apps/server/src/pipeline/types.ts';
import { applyParkedLogs, parkedLogs, transitRow, vehicleLogRow } from '../../apps/server/src/pipeline/rows.ts';
import type { Db } from '../../apps/server/src/storage/db/database.ts';
import type { EventRow } from '../../apps/server/src/storage/ingest/rows.ts';
import { createIngestStore } from '../../apps/server/src/storage/ingest/ingest-store.ts';
import { type IngestBatch } from '../../apps/server/src/storage/ingest/rows.ts';
import { toDevice, toVehicle } from '../../apps/server/src/storage/repos/mappers.ts';

/**
 * The stored records of a fleet's month for bench:reports, made the honest fast way: each
 * vehicle's fixes go through the live pipeline's own step (`applyMessage`: filters, odometer,
 * transit status, transit records, trips) and are written by the ingest store's COPY path, as
 * the pipeline writes them — only the sockets, decoders and batching across devices are skipped.
 * Events: one per ignition change (the pipeline's rules are not run).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Days of one vehicle per transaction, and transactions in flight (PostgreSQL works on them meanwhile). */
const DAYS_PER_WRITE = 5;
const IN_FLIGHT = 3;

export interface FleetMonthOptions {
  days: number;
  /** Local midnight (Asia/Kuala_Lumpur) of the first day. */
  startMs: number;
  /** Fix interval with the ignition on and off (trackers report less often when parked). */
  movingEveryMs: number;
  parkedEveryMs: number;
}

/** A small deterministic random source (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Leg = { kind: 'park' | 'idle' | 'drive'; ms: number };

/** A working day: out at about 7, four or five drives with engine-on waits and a lunch stop. */
function dayPlan(r: () => number): Leg[] {
  const legs: Leg[] = [{ kind: 'park', ms: 7 * HOUR + r() * 90 * MINUTE }];
  const drives = 4 + Math.floor(r() * 2);
  for (let i = 0; i < drives; i++) {
    legs.push({ kind: 'drive', ms: (20 + r() * 50) * MINUTE });
    if (r() < 0.6) legs.push({ kind: 'idle', ms: (2 + r() * 6) * MINUTE });
    legs.push({ kind: 'park', ms: (i === 1 ? 60 : 15 + r() * 60) * MINUTE });
  }
  return legs;
}

interface Position {
  lat: number;
  lon: number;
  heading: number;
}

function* fixesOfDay(day0: number, r: () => number, at: Position, o: FleetMonthOptions): Generator<NormalizedMessage> {
  let t = day0;
  const end = day0 + 24 * HOUR;
  const fix = (speedKmh: number, ignition: boolean): NormalizedMessage => ({
    kind: 'position',
    deviceTimeMs: t,
    valid: true,
    latitude: Number(at.lat.toFixed(6)),
    longitude: Number(at.lon.toFixed(6)),
    speedKmh: Math.round(speedKmh),
    course: Math.round(at.heading),
    satellites: 9,
    attributes: { ignition },
  });
  for (const leg of dayPlan(r)) {
    const legEnd = Math.min(end, t + leg.ms);
    if (leg.kind === 'drive') {
      let speed = 0;
      const cruise = 40 + r() * 50;
      while (t < legEnd) {
        const left = legEnd - t;
        speed = left < 30 * SECOND ? Math.max(0, speed - 25) : Math.min(cruise + (r() - 0.5) * 10, speed + 20);
        at.heading = (at.heading + (r() - 0.5) * 30 + 360) % 360;
        const km = (speed * o.movingEveryMs) / HOUR;
        const rad = (at.heading * Math.PI) / 180;
        at.lat += (km / 111.2) * Math.cos(rad);
        at.lon += (km / 111.2) * Math.sin(rad);
        // Stay in the Klang Valley: turn back at its edges.
        if (at.lat < 2.9 || at.lat > 3.25 || at.lon < 101.45 || at.lon > 101.8) at.heading = (at.heading + 180) % 360;
        yield fix(speed, true);
        t += o.movingEveryMs;
      }
    } else {
      const every = leg.kind === 'idle' ? o.movingEveryMs : o.parkedEveryMs;
      while (t < legEnd) {
        yield fix(0, leg.kind === 'idle');
        t += every;
      }
    }
  }
  while (t < end) {
    yield fix(0, false);
    t += o.parkedEveryMs;
  }
}

/**
 * Generates and stores `days` days of every vehicle of `vids`; `onDay` is told the fixes stored
 * after each vehicle. Writes five days of a vehicle per transaction, three in flight.
 */
export async function storeFleetMonth(
  db: Db,
  vids: readonly string[],
  o: FleetMonthOptions,
  onVehicle: (fixes: number) => void,
): Promise<{ fixes: number; stepS: number; writeS: number }> {
  const store = createIngestStore(db, { lockRows: false });
  const totals = { fixes: 0, stepS: 0, writeS: 0 };
  const inFlight: Promise<unknown>[] = [];
  for (const [index, vid] of vids.entries()) {
    const v = await db.selectFrom('vehicles').selectAll().where('vid', '=', vid).executeTakeFirstOrThrow();
    const d = await db.selectFrom('devices').selectAll().where('dvid', '=', v.dvid).executeTakeFirstOrThrow();
    const state: DeviceState = {
      device: toDevice(d),
      vehicle: toVehicle(v),
      transit: null,
      filter: EMPTY_FIX_FILTER_STATE,
      odometer: { mileageKm: 0, last: null },
      segmenter: emptySegmenter(),
      trips: emptyTripTracker(),
      fuel: emptyVehicleFuel(),
      geofences: { fences: [], inside: {}, profile: {} },
      lastSeenAtMs: 0,
    };
    const r = rng(index + 1);
    const at: Position = { lat: 3.0 + r() * 0.2, lon: 101.5 + r() * 0.25, heading: r() * 360 };
    let fixes = 0;
    let ignition: boolean | null = null;
    for (let first = 0; first < o.days; first += DAYS_PER_WRITE) {
      const batch: Required<
        Pick<IngestBatch, 'logs' | 'vehicleLogs' | 'parkedLogs' | 'transits' | 'trips' | 'events'>
      > &
        IngestBatch = {
        logs: [],
        vehicleLogs: [],
        parkedLogs: [],
        transits: [],
        trips: [],
        events: [],
        devices: [],
        vehicles: [],
      };
      const began = performance.now();
      const days = Array.from({ length: Math.min(DAYS_PER_WRITE, o.days - first) }, (_, i) => first + i);
      for (const msg of days.flatMap((day) => [...fixesOfDay(o.startMs + day * 24 * HOUR, r, at, o)])) {
        const receivedAtMs = (msg.deviceTimeMs ?? 0) + 2 * SECOND;
        const ctx: StepContext = {
          receivedAtMs,
          transit: DEFAULT_TRANSIT_CONFIG,
          filter: DEFAULT_FIX_FILTER,
          segmenter: DEFAULT_SEGMENTER,
        };
        const step = applyMessage(state, msg, ctx);
        batch.logs.push(step.log);
        for (const t of step.transits) batch.transits.push(transitRow(t, vid, receivedAtMs));
        for (const t of step.trips) batch.trips.push({ ...t, vid, createdAt: receivedAtMs });
        const parked = parkedLogs(state, step);
        if (parked) {
          applyParkedLogs(batch.vehicleLogs, parked);
          batch.parkedLogs.push(parked);
        }
        const row = vehicleLogRow(state, step, receivedAtMs);
        if (row) batch.vehicleLogs.push(row);
        const on = msg.attributes.ignition === true;
        if (ignition !== null && on !== ignition) batch.events.push(ignitionEvent(vid, state.device.dvid, msg, on));
        ignition = on;
      }
      fixes += batch.logs.length;
      const made = performance.now();
      totals.stepS += (made - began) / 1000;
      inFlight.push(store.write(batch));
      if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
      totals.writeS += (performance.now() - made) / 1000;
    }
    totals.fixes += fixes;
    onVehicle(fixes);
  }
  await Promise.all(inFlight);
  return totals;
}

function ignitionEvent(vid: string, dvid: string, msg: NormalizedMessage, on: boolean): EventRow {
  const time = msg.deviceTimeMs ?? 0;
  return {
    evid: randomUUID(),
    vid,
    dvid,
    eventName: on ? 'ENGINE ON' : 'ENGINE OFF',
    eventType: 'INFO',
    lat: msg.latitude ?? null,
    lon: msg.longitude ?? null,
    address: null,
    speed: msg.speedKmh ?? null,
    eventResult: on ? 1 : 0,
    ruid: 'bench.ignition',
    rtid: null,
    geoid: null,
    alarm: null,
    eventTime: time,
    createdAt: time + 2 * SECOND,
    ticketId: null,
  };
}
