import { haversineKm } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { dayOptions, simulateVehicleDay, type VehicleDay } from './day.ts';
import { teltonikaRecord } from '../teltonika-client.ts';
import { fleetSpecs, noIgnitionFleetSpecs, simulateFleetDay } from './fleet.ts';
import type { Observation, SegmentTruth, VehicleTruth } from './types.ts';

const DAY = dayOptions(Date.UTC(2026, 2, 1, 16)); // 2 March 2026, 00:00 in Kuala Lumpur
const FLEET = simulateFleetDay({ vehicles: 10, seed: 1 }, DAY);
const MIN = 60_000;

const within = (t: number, x: { startMs: number; endMs: number }) => t >= x.startMs && t < x.endMs;
const each = (f: (v: VehicleDay) => void) => FLEET.forEach(f);
const some = (f: (v: VehicleDay) => boolean) => FLEET.filter(f).map((v) => v.spec.name);

function insideTrip(truth: VehicleTruth, s: SegmentTruth): boolean {
  return truth.trips.some((t) => s.startMs >= t.startMs && s.endMs <= t.endMs);
}

describe('a simulated fleet day', () => {
  it('is deterministic for a seed', () => {
    const spec = fleetSpecs({ vehicles: 2, seed: 1 })[1];
    if (!spec) throw new Error('no spec');
    const again = simulateVehicleDay(spec, DAY);
    expect(again.truth).toEqual(FLEET[1]?.truth);
    expect(again.observations).toEqual(FLEET[1]?.observations);
  });

  it('mixes both trackers and keeps every vehicle busy by day and parked at night', () => {
    expect(some((v) => v.spec.model === 'GPS100')).toHaveLength(5);
    expect(some((v) => v.spec.model === 'TEL100')).toHaveLength(5);
    each(({ truth }) => {
      expect(truth.trips.length).toBeGreaterThanOrEqual(5);
      expect(truth.mileageKm).toBeGreaterThan(100);
      const first = truth.segments[0];
      const last = truth.segments[truth.segments.length - 1];
      expect(first).toMatchObject({ status: 'PARKING', startMs: DAY.startMs });
      expect(last).toMatchObject({ status: 'PARKING', open: true, endMs: DAY.startMs + DAY.durationMs });
      expect(last?.durationMs).toBeGreaterThan(60 * MIN);
    });
  });

  it('accounts for every km and every minute', () => {
    each(({ truth }) => {
      const segKm = truth.segments.reduce((a, s) => a + s.distanceKm, 0);
      expect(segKm).toBeCloseTo(truth.mileageKm, 6);
      const tripKm = truth.trips.reduce((a, t) => a + t.distanceKm, 0);
      // Only a yard shuffle (not a trip) drives outside trips.
      expect(truth.mileageKm - tripKm).toBeLessThan(0.25);
      const { movingMs, idlingMs, parkingMs } = truth.totals;
      expect(movingMs + idlingMs + parkingMs).toBe(DAY.durationMs);
      truth.segments.slice(1).forEach((s, i) => expect(s.startMs).toBe(truth.segments[i]?.endMs));
    });
  });

  it('idles at lights and waits with the engine on; quick drop-offs stay inside trips', () => {
    const longIdles = some(({ truth }) => truth.segments.some((s) => s.status === 'IDLING' && s.durationMs >= 6 * MIN));
    expect(longIdles.length).toBeGreaterThanOrEqual(8);
    const lights = (t: VehicleTruth) => t.segments.filter((s) => s.status === 'IDLING' && s.durationMs >= 20_000);
    each(({ truth }) => expect(lights(truth).length).toBeGreaterThan(10));
    const quickDrops = FLEET.flatMap(({ truth }) =>
      truth.segments.filter((s) => s.status === 'PARKING' && s.durationMs < DAY.truth.minParkingMs),
    );
    expect(quickDrops.length).toBeGreaterThan(5);
    each(({ truth }) =>
      truth.segments
        .filter((s) => s.status === 'PARKING' && s.durationMs < DAY.truth.minParkingMs && s.distanceKm === 0)
        .forEach((s) => expect(insideTrip(truth, s)).toBe(true)),
    );
  });

  it('shuffles in the yard at night without making a trip', () => {
    const shufflers = FLEET.filter((v) => v.spec.yardShuffle);
    expect(shufflers.length).toBeGreaterThanOrEqual(2);
    for (const { truth } of shufflers) {
      const lastTrip = truth.trips[truth.trips.length - 1];
      const late = truth.segments.filter((s) => s.status === 'MOVING' && s.startMs > (lastTrip?.endMs ?? 0));
      expect(late).toHaveLength(1);
      expect(late[0]?.distanceKm).toBeLessThan(DAY.truth.minTripKm);
      const lastParking = truth.parkings[truth.parkings.length - 1];
      expect(lastParking?.startMs).toBe(lastTrip?.endMs);
      expect(lastParking?.open).toBe(true);
    }
  });

  it('loses the cellular link while driving and across a real parking; records stay in memory meanwhile', () => {
    for (const model of ['GPS100', 'TEL100']) {
      for (const loss of ['whileDriving', 'acrossParking']) {
        const v = FLEET.find((x) => x.spec.model === model && x.spec.cellularLoss === loss);
        const outage = v?.truth.outages.find((o) => o.kind === 'cellular');
        if (!v || !outage) throw new Error(`no ${loss} outage on a ${model}`);
        const offline = v.observations.filter((o) => o.offline);
        expect(offline.length).toBeGreaterThan(20);
        expect(offline.every((o) => within(o.timeMs, outage))).toBe(true);
        expect(v.observations.filter((o) => within(o.timeMs, outage)).every((o) => o.offline)).toBe(true);
        const parked = v.truth.parkings.filter((p) => p.startMs > outage.startMs && p.endMs < outage.endMs);
        expect(parked.length).toBe(loss === 'acrossParking' ? 1 : 0);
      }
    }
  });

  it('loses GNSS in tunnels while driving on: no fix, speed 0, the last known place', () => {
    const tunnels = FLEET.flatMap((v) => v.truth.outages.filter((o) => o.kind === 'gnss').map((o) => ({ v, o })));
    expect(tunnels.length).toBeGreaterThanOrEqual(4);
    for (const { v, o } of tunnels) {
      const inside = v.observations.filter((x) => within(x.timeMs, o));
      expect(inside.length).toBeGreaterThan(2);
      expect(inside.every((x) => !x.valid && x.speedKmh === 0 && x.satellites === 0)).toBe(true);
      expect(new Set(inside.map((x) => `${x.lat},${x.lon}`)).size).toBe(1);
      expect(v.truth.segments.some((s) => s.status === 'MOVING' && s.startMs <= o.startMs && s.endMs >= o.endMs)).toBe(
        true,
      );
    }
  });

  it('drifts while parked: tens of metres of wander, spurious speeds, few satellites, no fix now and then', () => {
    each(({ observations, truth }) => {
      const night = truth.segments[0];
      if (!night) throw new Error('no night');
      const parked = observations.filter((o) => within(o.timeMs, night));
      const valid = parked.filter((o) => o.valid);
      const centre = { lat: median(valid.map((o) => o.lat)), lon: median(valid.map((o) => o.lon)) };
      const spread = valid.map((o) => haversineKm(centre, o) * 1000);
      expect(Math.max(...spread)).toBeGreaterThan(25);
      expect(Math.max(...spread)).toBeLessThan(150);
      expect(parked.some((o) => o.speedKmh >= DAY.truth.movingSpeedKmh && !o.acc)).toBe(true);
      expect(parked.some((o) => o.satellites <= 4)).toBe(true);
      expect(parked.some((o) => !o.valid)).toBe(true);
    });
  });

  it('records on ignition and movement changes, every 10 s with ignition on and 2 min with it off', () => {
    each(({ observations, truth }) => {
      const bad = observations.slice(1).filter((o, i) => {
        const gap = o.timeMs - (observations[i]?.timeMs ?? 0);
        return gap <= 0 || gap > (observations[i]?.acc ? 10_000 : 120_000);
      });
      expect(bad).toEqual([]);
      const times = new Set(observations.map((o) => o.timeMs));
      for (const s of truth.segments) expect(times.has(s.startMs)).toBe(true);
    });
  });

  it('sends the Teltonika odometer and fuel level; the truth has every refuel and drain', () => {
    const withOdometer = FLEET.filter((v) => v.spec.odometerStartKm !== undefined);
    expect(withOdometer.length).toBeGreaterThanOrEqual(2);
    for (const v of withOdometer) {
      const odo = v.observations.map((o) => o.io?.odometerM ?? NaN);
      const first = odo[0] ?? 0;
      expect((odo[odo.length - 1] ?? 0) - first).toBeCloseTo(v.truth.mileageKm * 1000, -1);
      expect(odo.slice(1).filter((m, i) => m < (odo[i] ?? 0))).toEqual([]);
    }
    const refuels = FLEET.flatMap((v) => v.truth.refuels.map((r) => ({ v, r })));
    expect(refuels.length).toBeGreaterThanOrEqual(3);
    expect(FLEET.flatMap((v) => v.truth.drains).length).toBeGreaterThanOrEqual(2);
    for (const { v, r } of refuels) {
      const tank = v.spec.tank;
      if (!tank) throw new Error('refuel without a tank');
      const litres = (o: Observation | undefined) =>
        (((o?.io?.fuelAdcMv ?? 0) / 1000 - tank.fuelLevelMin) / (tank.fuelLevelMax - tank.fuelLevelMin)) *
        tank.fuelCapacity;
      const before = v.observations.filter((o) => o.timeMs <= r.timeMs).at(-1);
      const after = v.observations.find((o) => o.timeMs >= r.timeMs + 5 * MIN);
      expect(litres(after) - litres(before)).toBeCloseTo(r.litres, -1);
    }
    each((v) => {
      if (v.spec.model === 'GPS100') expect(v.observations.every((o) => o.io === undefined)).toBe(true);
    });
  });
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

describe('trackers without an ignition wire, over two days', () => {
  const TWO_DAYS = dayOptions(DAY.startMs, { durationMs: 48 * 60 * MIN });
  const days = noIgnitionFleetSpecs({ seed: 1 }).map((spec) => simulateVehicleDay(spec, TWO_DAYS));
  const stationary = (site: 'yard' | 'basement') => days.find((d) => d.spec.stationary === site);
  /** A parked burst comes once the vehicle has stood 30 min: for those parked from the start, at once. */
  const inBurst = (d: (typeof days)[number], tMs: number) =>
    d.spec.parkedBurst === true && tMs >= DAY.startMs + 30 * MIN && tMs <= DAY.startMs + 32 * MIN;

  it('send no ignition IO', () => {
    for (const d of days) expect(d.observations.every((o) => teltonikaRecord(o).io.ignition === undefined)).toBe(true);
  });

  it('make stops in traffic shorter than a parking, and parkings from the moment they stop', () => {
    const jams = days.filter((d) => d.spec.jams).flatMap((d) => d.truth.segments.filter((s) => s.status === 'IDLING'));
    expect(jams.some((s) => s.durationMs >= 2 * MIN)).toBe(true);
    expect(jams.every((s) => s.durationMs < TWO_DAYS.truth.parkAfterStopMs)).toBe(true);
    for (const d of days.filter((x) => !x.spec.stationary)) {
      expect(d.truth.trips.length).toBeGreaterThanOrEqual(5);
      expect(d.truth.segments.every((s, i) => i === 0 || s.status !== d.truth.segments[i - 1]?.status)).toBe(true);
    }
  });

  it.each([
    ['yard', 5, 7, 0, 40],
    ['basement', 3, 5, 40, 200],
  ] as const)(
    'in a %s: never move, with spurious speeds of middling or poor satellites',
    (site, lo, hi, minM, maxM) => {
      const d = stationary(site);
      if (!d) throw new Error(`no ${site}`);
      expect(d.truth.trips).toEqual([]);
      expect(d.truth.mileageKm).toBe(0);
      // The yard's burst of made-up speed (issue 24) has its own test below.
      const valid = d.observations.filter((o) => o.valid && !inBurst(d, o.timeMs));
      const spurious = valid.filter((o) => o.speedKmh >= 5);
      expect(spurious.length).toBeGreaterThan(20);
      expect(valid.every((o) => o.satellites >= 3 && o.satellites <= 7)).toBe(true);
      expect(spurious.every((o) => o.speedKmh <= 15)).toBe(true);
      const spot = { lat: median(valid.map((o) => o.lat)), lon: median(valid.map((o) => o.lon)) };
      const far = Math.max(...valid.map((o) => haversineKm(spot, o) * 1000));
      expect(far).toBeGreaterThan(minM);
      expect(far).toBeLessThan(maxM);
      expect(valid.filter((o) => o.satellites >= lo && o.satellites <= hi).length / valid.length).toBeGreaterThan(0.8);
    },
  );

  it('make up a burst of speed while parked, once: three fixes a minute apart, within the scatter', () => {
    const bursts = days.filter((d) => d.spec.parkedBurst);
    expect(bursts.length).toBe(2);
    for (const d of bursts) {
      const fixes = d.observations.filter((o) => inBurst(d, o.timeMs));
      expect(fixes.map((o) => o.timeMs - (fixes[0]?.timeMs ?? 0))).toEqual([0, MIN, 2 * MIN]);
      const spot = d.observations.find((o) => o.valid && o.timeMs < DAY.startMs + 30 * MIN);
      if (!spot) throw new Error('no fix before the burst');
      for (const o of fixes) {
        expect(o.speedKmh).toBeGreaterThanOrEqual(5);
        expect(o.speedKmh).toBeLessThanOrEqual(15);
        expect(o.satellites).toBeGreaterThanOrEqual(5);
        expect(o.satellites).toBeLessThanOrEqual(9);
        expect(haversineKm(spot, o) * 1000).toBeLessThan(90);
      }
      expect(d.truth.trips.every((t) => t.startMs > DAY.startMs + 32 * MIN)).toBe(true);
    }
  });

  it('move the first car 150 m across a car park at lunch, at walking pace: a trip of its own', () => {
    const d = days.find((x) => x.spec.carParkMove);
    const moves = d?.truth.trips.filter((t) => t.distanceKm < 0.3) ?? [];
    expect(moves).toHaveLength(1);
    expect(moves[0]?.distanceKm).toBeCloseTo(0.15, 2);
    expect((moves[0]?.endMs ?? 0) - (moves[0]?.startMs ?? 0)).toBeLessThan(d?.truth.config.minTripMs ?? 0);
  });
});
