import { destinationPoint, type LatLon } from '@jejak/domain';
import { createRng, driveToward, KLANG_VALLEY, planLeg, TURN_KMH, type Kinematics } from '../routes.ts';
import { createAgenda, type Activity, type FuelChange, type StopKind } from './agenda.ts';
import type { DayOptions, VehicleKind, VehicleSpec } from './types.ts';

/**
 * One vehicle's physical day, second by second: where it is, how fast, ignition, fuel, and
 * whether the sky is visible. Pure and seeded: the same spec and day give the same states.
 */
export interface TrueState {
  tMs: number;
  pos: LatLon;
  speedKmh: number;
  course: number;
  ignition: boolean;
  /** Standing in a parking spot (GPS drift is worst there) rather than on the road. */
  parked: boolean;
  /** GNSS fix available (false in a tunnel). */
  gnss: boolean;
  /** Litres in the tank; null without a tank sensor. */
  fuelL: number | null;
  /** Km driven since the day began, and in the last second. */
  odometerKm: number;
  stepKm: number;
}

export interface StandLog {
  stop: StopKind;
  ignition: boolean;
  startMs: number;
  endMs: number;
}

export interface TimelineLog {
  stands: StandLog[];
  drives: { startMs: number; endMs: number; km: number; shuffle: boolean }[];
  fuel: { kind: FuelChange['kind']; timeMs: number; litres: number }[];
  tunnels: { startMs: number; endMs: number }[];
}

const USE: Record<VehicleKind, { per100Km: number; idlePerHour: number }> = {
  truck: { per100Km: 25, idlePerHour: 2.5 },
  van: { per100Km: 12, idlePerHour: 1.2 },
  car: { per100Km: 7, idlePerHour: 0.8 },
};

interface Leg {
  to: LatLon;
  cruiseKmh: number;
  end: 'none' | 'light' | 'stop';
  lengthKm: number;
  doneKm: number;
  tunnel: { fromKm: number; toKm: number } | null;
}

interface Running {
  activity: Activity;
  startMs: number;
  /** Stands: when they end. */
  untilMs: number;
  leg: Leg | null;
  drivenKm: number;
  lightUntilMs: number | null;
  finished: boolean;
}

export function createWorld(spec: VehicleSpec, day: DayOptions) {
  const plan = createRng(spec.seed * 7919 + 1);
  const road = createRng(spec.seed * 7919 + 2);
  const between = (lo: number, hi: number) => lo + (hi - lo) * road();
  const agenda = createAgenda(spec, plan, day);
  const use = USE[spec.kind];
  const tank = spec.tank;
  const kin: Kinematics = {
    pos: { lat: 3.075 + between(-0.08, 0.08), lon: 101.625 + between(-0.08, 0.08) },
    course: 0,
    speedKmh: 0,
  };
  const gridDeg = between(0, 90);
  kin.course = gridDeg;
  let fuelL = tank ? Math.round(tank.fuelCapacity * between(0.42, 0.5)) : null;
  let ignition = false;
  let odometerKm = 0;
  let tunnelsLeft = spec.tunnels;
  let queue: Activity[] = [];
  let run: Running | null = null;
  const log: TimelineLog = { stands: [], drives: [], fuel: [], tunnels: [] };

  function nextLeg(r: Running, targetKm: number, shuffle: boolean, shuffleKmh = 10): Leg {
    if (shuffle) {
      const to = destinationPoint(kin.pos, kin.course + 90, targetKm);
      return { to, cruiseKmh: shuffleKmh, end: 'stop', lengthKm: targetKm, doneKm: 0, tunnel: null };
    }
    const leg = planLeg(road, kin.pos, kin.course, gridDeg, KLANG_VALLEY);
    const last = r.drivenKm + leg.lengthKm >= targetKm;
    const end = last ? 'stop' : road() < 0.25 ? 'light' : 'none';
    let tunnel: Leg['tunnel'] = null;
    if (end === 'none' && leg.lengthKm >= 1.5 && tunnelsLeft > 0 && road() < 0.2) {
      tunnelsLeft--;
      tunnel = { fromKm: leg.lengthKm * 0.2, toKm: leg.lengthKm * 0.8 };
    }
    return { ...leg, end, doneKm: 0, tunnel };
  }

  function start(activity: Activity, tMs: number): Running {
    const r: Running = {
      activity,
      startMs: tMs,
      untilMs: tMs,
      leg: null,
      drivenKm: 0,
      lightUntilMs: null,
      finished: false,
    };
    if (activity.kind === 'stand') {
      ignition = activity.ignition;
      r.untilMs = activity.untilMs ?? tMs + Math.round((activity.durationMs ?? 0) / 1000) * 1000;
      log.stands.push({ stop: activity.stop, ignition: activity.ignition, startMs: tMs, endMs: r.untilMs });
      const f = activity.fuel;
      if (f && fuelL !== null)
        log.fuel.push({ kind: f.kind, timeMs: tMs + Math.round(f.afterMs / 1000) * 1000, litres: f.litres });
    } else {
      ignition = true;
      r.leg = nextLeg(r, activity.targetKm, activity.shuffle === true, activity.cruiseKmh);
      log.drives.push({ startMs: tMs, endMs: tMs, km: 0, shuffle: activity.shuffle === true });
    }
    return r;
  }

  /** Litres the stand's fuel change moves in the second ending at `tMs`. */
  function fuelStep(r: Running, f: FuelChange, tMs: number): number {
    const from = r.startMs + Math.round(f.afterMs / 1000) * 1000;
    const seconds = Math.max(1, Math.round(f.durationMs / 1000));
    if (tMs <= from || tMs > from + seconds * 1000) return 0;
    return (f.kind === 'refuel' ? 1 : -1) * (f.litres / seconds);
  }

  /** Moves a drive on by one second; returns km covered. */
  function driveStep(r: Running, tMs: number): number {
    const leg = r.leg;
    if (!leg || r.activity.kind !== 'drive') return 0;
    if (r.lightUntilMs !== null) {
      if (tMs < r.lightUntilMs) return 0;
      r.lightUntilMs = null;
      r.leg = nextLeg(r, r.activity.targetKm, false);
      return 0;
    }
    const endKmh = leg.end === 'none' ? TURN_KMH : 0;
    const moved = driveToward(kin, leg.to, leg.cruiseKmh, endKmh, 1);
    leg.doneKm += moved.km;
    r.drivenKm += moved.km;
    if (!moved.arrived) return moved.km;
    if (leg.end === 'none') r.leg = nextLeg(r, r.activity.targetKm, false);
    else {
      kin.speedKmh = 0;
      if (leg.end === 'light') r.lightUntilMs = tMs + Math.round(between(20, 90)) * 1000;
      else r.finished = true;
    }
    return moved.km;
  }

  function inTunnel(r: Running): boolean {
    const t = r.leg?.tunnel;
    return r.lightUntilMs === null && !!t && r.leg !== null && r.leg.doneKm >= t.fromKm && r.leg.doneKm <= t.toKm;
  }

  function current(tMs: number): Running {
    while (!run || run.finished || (run.activity.kind === 'stand' && tMs >= run.untilMs)) {
      if (queue.length === 0) queue = agenda.next({ tMs, fuelL });
      const next = queue.shift();
      if (!next) throw new Error('agenda ran dry');
      run = start(next, tMs);
    }
    return run;
  }

  let wasInTunnel = false;
  /** The state at `tMs`, one second after the previous call (the first call is the day's start). */
  function advance(tMs: number, first: boolean): TrueState {
    const r = current(tMs);
    let stepKm = 0;
    if (!first) {
      if (r.activity.kind === 'drive') stepKm = driveStep(r, tMs);
      else if (r.activity.fuel && fuelL !== null) fuelL += fuelStep(r, r.activity.fuel, tMs);
      if (fuelL !== null && ignition) {
        fuelL -= (stepKm * use.per100Km) / 100 + (kin.speedKmh < 1 ? use.idlePerHour / 3600 : 0);
      }
      odometerKm += stepKm;
    }
    const drive = log.drives[log.drives.length - 1];
    if (r.activity.kind === 'drive' && drive) {
      drive.endMs = tMs;
      drive.km = r.drivenKm;
    }
    const tunnel = inTunnel(r);
    if (tunnel && !wasInTunnel) log.tunnels.push({ startMs: tMs, endMs: tMs });
    const lastTunnel = log.tunnels[log.tunnels.length - 1];
    if (tunnel && lastTunnel) lastTunnel.endMs = tMs;
    wasInTunnel = tunnel;
    return {
      tMs,
      pos: kin.pos,
      speedKmh: kin.speedKmh,
      course: Math.round(kin.course) % 360,
      ignition,
      // A jam is on the road: the sky is as open as while driving.
      parked: r.activity.kind === 'stand' && r.activity.stop !== 'jam',
      gnss: !tunnel,
      fuelL,
      odometerKm,
      stepKm,
    };
  }

  return {
    log,
    /** Every second of the day, in order. */
    *states(): Generator<TrueState> {
      const end = day.startMs + day.durationMs;
      for (let t = day.startMs; t < end; t += 1000) yield advance(t, t === day.startMs);
    },
  };
}
