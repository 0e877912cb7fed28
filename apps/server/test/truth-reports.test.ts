import { describe, expect, it } from 'vitest';
import {
  REPORT_PATHS,
  type DailyMileageReportResponse,
  type MileageReportResponse,
  type TransitRecord,
  type TransitReportResponse,
  type TripRecord,
  type TripReportResponse,
} from '@jejak/contract';
import { dayOptions, simulateFleetDay, type VehicleDay } from '@jejak/simulator';
import { apiClient, dbKinds } from './harness.ts';
import { useTruthRun, type Observed } from './truth-harness.ts';

/**
 * The reports against the ground truth (issue 24 item 9): two simulated days of four vehicles
 * (a working day, then a day parked from midnight to midnight), sent over real sockets, and every
 * report kind that sums what a vehicle did — Mileage, Daily Mileage, Trip, Transit (and with it
 * the Idling and Parking kinds, which are its rows of one status) — asked for each vehicle, each
 * local day, the whole range, a range that ends while the vehicle drives and one that ends while
 * it is parked. Each is held against the truth cut to the same range: km, the time in each
 * status, trips and parkings. On PGlite and PostgreSQL.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 2, 1, 16); // midnight in Kuala Lumpur, the server's zone
const DAYS = dayOptions(START, { durationMs: 48 * HOUR });
const FLEET = simulateFleetDay({ vehicles: 4, seed: Number(process.env.TRUTH_SEED ?? 3) }, DAYS);
const kinds = await dbKinds();

type Window = { name: string; startTime: number; endTime: number };
type Status = 'MOVING' | 'IDLING' | 'PARKING';
const STATUSES: Status[] = ['MOVING', 'IDLING', 'PARKING'];

const overlapMs = (a: { startMs: number; endMs: number }, w: Window) =>
  Math.max(0, Math.min(a.endMs, w.endTime) - Math.max(a.startMs, w.startTime));

/** The truth cut to the window: km shared out by time, as a report cuts a record. */
function truthIn(day: VehicleDay, w: Window) {
  const ms: Record<Status, number> = { MOVING: 0, IDLING: 0, PARKING: 0 };
  const segments: Record<Status, number> = { MOVING: 0, IDLING: 0, PARKING: 0 };
  let km = 0;
  for (const s of day.truth.segments) {
    const o = overlapMs(s, w);
    if (o === 0) continue;
    ms[s.status] += o;
    segments[s.status] += 1;
    km += s.durationMs > 0 ? (s.distanceKm * o) / s.durationMs : 0;
  }
  const trips = day.truth.trips.filter((t) => overlapMs(t, w) > 0);
  const parkings = day.truth.parkings.filter((p) => overlapMs(p, w) > 0);
  const parkingMs = parkings.reduce((a, p) => a + overlapMs(p, w), 0);
  return { km, ms, segments, trips: trips.length, parkings: parkings.length, parkingMs };
}

/** The windows a dispatcher asks for: each local day, both, and two cut in the middle of things. */
function windowsOf(day: VehicleDay): Window[] {
  const middle = (status: Status) => {
    const s = day.truth.segments.find((x) => x.status === status && x.durationMs >= 10 * MINUTE && !x.open);
    if (!s) throw new Error(`${day.spec.name}: no ${status} of 10 minutes`);
    return s.startMs + Math.floor(s.durationMs / 2);
  };
  return [
    { name: 'day 1', startTime: START, endTime: START + 24 * HOUR },
    { name: 'day 2, parked all day', startTime: START + 24 * HOUR, endTime: START + 48 * HOUR },
    { name: 'both days', startTime: START, endTime: START + 48 * HOUR },
    { name: 'ending while it drives', startTime: START, endTime: middle('MOVING') },
    { name: 'ending while it is parked', startTime: START, endTime: middle('PARKING') },
  ];
}

const kmClose = (observed: number, truth: number) => Math.abs(observed - truth) <= Math.max(0.05, truth * 0.015);
/** Each edge of a truth segment may be a minute off (the truth test's bound), so a status's sum by one per segment. */
const msClose = (observed: number, truth: number, segments: number) =>
  Math.abs(observed - truth) <= MINUTE * (segments + 1);

function sumByStatus(records: readonly TransitRecord[]): Record<Status, number> {
  const ms: Record<Status, number> = { MOVING: 0, IDLING: 0, PARKING: 0 };
  for (const r of records) if (r.transitStatus !== 'DISCONNECTED') ms[r.transitStatus] += r.duration;
  return ms;
}

describe.each(kinds)('reports against the truth on %s', (kind) => {
  const { run, result } = useTruthRun(FLEET, DAYS, kind);

  // Signed in once: sign-ins are rate-limited.
  let signedIn: ReturnType<typeof apiClient> | undefined;
  async function ask(o: Observed, w: Window) {
    if (!signedIn) {
      signedIn = apiClient(run().server.baseUrl);
      await signedIn.login('owner2@demo.jejak.my');
    }
    const api = signedIn;
    const range = { vids: [o.vid], startTime: w.startTime, endTime: w.endTime };
    const post = async <T>(path: string): Promise<T> => {
      const r = await api.post(path, range);
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as T;
    };
    return {
      mileage: (await post<MileageReportResponse>(REPORT_PATHS.reportMileage)).report,
      daily: (await post<DailyMileageReportResponse>(REPORT_PATHS.reportDailyMileage)).report,
      trips: (await post<TripReportResponse>(REPORT_PATHS.reportTrip)).report,
      transit: (await post<TransitReportResponse>(REPORT_PATHS.reportTransit)).report,
    };
  }

  describe.each(FLEET.map((d) => d.spec.name))('%s', (name) => {
    it('answers every report for every range as the truth cut to that range', async () => {
      const o = result(name);
      const figures: Record<string, unknown>[] = [];
      for (const w of windowsOf(o.day)) {
        const truth = truthIn(o.day, w);
        const r = await ask(o, w);
        const row = r.mileage[0];
        if (!row) throw new Error(`${name} ${w.name}: no Mileage row`);
        const transitMs = sumByStatus(r.transit);
        const transitTrips = r.trips.filter((t: TripRecord) => t.tripStatus === 'TRANSIT');
        const parkingTrips = r.trips.filter((t: TripRecord) => t.tripStatus === 'PARKING');
        const tripKm = transitTrips.reduce((a, t) => a + t.totalDistance, 0);
        const transitKm = r.transit.reduce((a, t) => a + t.totalMileage, 0);
        const dailyKm = r.daily.reduce((a, d) => a + d.mileage, 0);
        figures.push({
          range: w.name,
          km: `${row.mileage.toFixed(2)}/${truth.km.toFixed(2)}`,
          trips: `${row.numberOfTrips}/${truth.trips}`,
          movingMin: `${(row.movingDuration / MINUTE).toFixed(1)}/${(truth.ms.MOVING / MINUTE).toFixed(1)}`,
          parkingMin: `${(row.parkingDuration / MINUTE).toFixed(1)}/${(truth.ms.PARKING / MINUTE).toFixed(1)}`,
        });
        const at = `${name}, ${w.name}`;
        // Mileage: km, the time in each status, the trips.
        expect(kmClose(row.mileage, truth.km), `${at}: Mileage km ${row.mileage} vs ${truth.km}`).toBe(true);
        for (const [status, key] of [
          ['MOVING', 'movingDuration'],
          ['IDLING', 'idlingDuration'],
          ['PARKING', 'parkingDuration'],
        ] as const)
          expect(msClose(row[key], truth.ms[status], truth.segments[status]), `${at}: Mileage ${key}`).toBe(true);
        expect(row.numberOfTrips, `${at}: Mileage trips`).toBe(truth.trips);
        expect(row.engineDuration).toBe(row.movingDuration + row.idlingDuration);
        // The range is covered: every millisecond is in one status (no silence in the truth).
        expect(row.movingDuration + row.idlingDuration + row.parkingDuration + row.disconnectedDuration).toBe(
          w.endTime - w.startTime,
        );
        // Daily Mileage: its days add up to the range.
        expect(r.daily.length).toBe(Math.ceil((w.endTime - w.startTime) / (24 * HOUR)));
        expect(dailyKm, `${at}: Daily Mileage km`).toBeCloseTo(row.mileage, 2);
        // Transit (and so Idling and Parking): the records cover the range, as the Mileage row.
        expect(r.transit[0]?.startTime).toBe(w.startTime);
        expect(r.transit.at(-1)?.endTime).toBe(w.endTime);
        expect(transitKm, `${at}: Transit km`).toBeCloseTo(row.mileage, 2);
        for (const status of STATUSES)
          expect(msClose(transitMs[status], truth.ms[status], truth.segments[status]), `${at}: Transit ${status}`).toBe(
            true,
          );
        // Trip: the true trips and parkings, and their km.
        expect(transitTrips.length, `${at}: Trip report trips`).toBe(truth.trips);
        expect(parkingTrips.length, `${at}: Trip report parkings`).toBe(truth.parkings);
        expect(kmClose(tripKm, truth.km), `${at}: Trip report km ${tripKm} vs ${truth.km}`).toBe(true);
        const parkedMs = parkingTrips.reduce((a, t) => a + (t.endTime - t.startTime), 0);
        expect(msClose(parkedMs, truth.parkingMs, truth.parkings), `${at}: Trip report parking time`).toBe(true);
        if (w.name === 'day 2, parked all day') {
          expect(row).toMatchObject({ mileage: 0, numberOfTrips: 0, movingDuration: 0, parkingDuration: 24 * HOUR });
          expect(r.trips.map((t) => [t.tripStatus, t.startTime, t.endTime])).toEqual([
            ['PARKING', w.startTime, w.endTime],
          ]);
        }
        if (w.name === 'ending while it drives') expect(r.trips.at(-1)).toMatchObject({ tripStatus: 'TRANSIT' });
        if (w.name === 'ending while it is parked') expect(r.transit.at(-1)?.transitStatus).toBe('PARKING');
      }
      console.log(`reports against the truth, ${name} (observed/truth):`);
      console.table(figures);
    });
  });
});
