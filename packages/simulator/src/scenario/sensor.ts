import { destinationPoint, type LatLon } from '@jejak/domain';
import { createRng } from '../routes.ts';
import { statusOf } from './truth.ts';
import type { DayOptions, Observation, VehicleKind, VehicleSpec } from './types.ts';
import type { TrueState } from './world.ts';

/**
 * What a tracker makes of the physical day: when it records (periodic by ignition, plus on
 * ignition, movement and heading changes, as FMB and GT06 trackers are configured), and how
 * its GNSS errs — a few metres on the road; in a parking spot a slow wander of tens of metres
 * with outliers, spurious speeds, few satellites and now and then no fix; nothing in a tunnel.
 * Pure and seeded.
 */

/** Teltonika FMB event IO ids (AVL ID list): ignition and movement. */
const IO_IGNITION = 239;
const IO_MOVEMENT = 240;

/** A parked burst (`parkedBurst`): after this long parked, this many fixes this far apart. */
const BURST_AFTER_MS = 30 * 60_000;
const BURST_FIXES = 3;
const BURST_EVERY_MS = 60_000;

/** The parked wander: its spread and how fast it forgets (GNSS error is correlated for minutes). */
const WANDER_TAU_MS = 10 * 60_000;

/**
 * How a receiver errs where the vehicle stands: the wander's spread, how often it has no fix,
 * and its outliers — how often, how far off, at what speed, with how many satellites.
 */
interface StandSky {
  wanderM: [number, number];
  noFixShare: number;
  outlierShare: number;
  outlierM: [number, number];
  outlierKmh: [number, number];
  outlierSats: [number, number];
  sats: [number, number];
}

const SKIES: Record<'street' | 'yard' | 'basement', StandSky> = {
  // Parking spots of a working day: open sky to multi-storey car parks.
  street: {
    wanderM: [6, 15],
    noFixShare: 0.04,
    outlierShare: 0.03,
    outlierM: [35, 70],
    outlierKmh: [4, 15],
    outlierSats: [3, 4],
    sats: [4, 8],
  },
  // An open yard: a tight wander, and now and then a speed of 5–15 km/h close to the spot
  // with a middling satellite count.
  yard: {
    wanderM: [5, 8],
    noFixShare: 0.02,
    outlierShare: 0.04,
    outlierM: [0, 10],
    outlierKmh: [5, 15],
    outlierSats: [5, 7],
    sats: [5, 7],
  },
  // A basement car park: a wide wander, jumps of up to 120 m, few satellites.
  basement: {
    wanderM: [18, 25],
    noFixShare: 0.06,
    outlierShare: 0.12,
    outlierM: [40, 120],
    outlierKmh: [0, 15],
    outlierSats: [3, 4],
    sats: [3, 5],
  },
};

const VOLTS: Record<VehicleKind, { on: number; off: number }> = {
  truck: { on: 27.8, off: 24.6 },
  van: { on: 14.1, off: 12.6 },
  car: { on: 14.1, off: 12.6 },
};

export interface Sensor {
  /** The record taken at this state, if the tracker takes one. */
  sample(s: TrueState): Observation | null;
}

function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Moves `p` by metres east and north. */
function offset(p: LatLon, eastM: number, northM: number): LatLon {
  const east = destinationPoint(p, 90, eastM / 1000);
  return destinationPoint(east, 0, northM / 1000);
}

export function createSensor(spec: VehicleSpec, day: DayOptions, offline: (tMs: number) => boolean): Sensor {
  const rng = createRng(spec.seed * 7919 + 3);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rng();
  const int = (lo: number, hi: number) => Math.floor(between(lo, hi + 1));
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const sky = SKIES[spec.stationary ?? 'street'];
  const wanderM = between(...sky.wanderM);
  let last: { tMs: number; ignition: boolean; moving: boolean; course: number } | null = null;
  let lastFix: LatLon | null = null;
  let wander: { east: number; north: number; tMs: number } | null = null;
  let parkedSinceMs: number | null = null;
  let burstLeft = spec.parkedBurst ? BURST_FIXES : 0;
  let burstNextMs: number | null = null;

  function due(s: TrueState, moving: boolean): number | null {
    if (!last) return 0;
    if (s.ignition !== last.ignition) return IO_IGNITION;
    if (moving !== last.moving) return IO_MOVEMENT;
    const every = s.ignition ? day.sampling.ignitionOnEveryMs : day.sampling.ignitionOffEveryMs;
    if (s.tMs - last.tMs >= every) return 0;
    if (moving && angleBetween(s.course, last.course) >= day.sampling.turnDeg) return 0;
    return null;
  }

  /** Position, speed, satellites and validity as the receiver reports them. */
  function gnss(
    s: TrueState,
  ): Pick<Observation, 'lat' | 'lon' | 'speedKmh' | 'satellites' | 'valid'> & { hdop: number } {
    if (!s.gnss) {
      const at = lastFix ?? s.pos;
      return { lat: at.lat, lon: at.lon, speedKmh: 0, satellites: 0, valid: false, hdop: 99 };
    }
    if (!s.parked || s.speedKmh > 0) {
      wander = null;
      const p = offset(s.pos, gauss() * 2, gauss() * 2);
      return {
        lat: p.lat,
        lon: p.lon,
        speedKmh: s.speedKmh,
        satellites: int(8, 12),
        valid: true,
        hdop: between(0.7, 1.2),
      };
    }
    const rho = wander ? Math.exp(-(s.tMs - wander.tMs) / WANDER_TAU_MS) : 0;
    const spread = wanderM * Math.sqrt(1 - rho * rho);
    wander = {
      east: rho * (wander?.east ?? 0) + spread * gauss(),
      north: rho * (wander?.north ?? 0) + spread * gauss(),
      tMs: s.tMs,
    };
    const r = rng();
    if (r < sky.noFixShare) {
      const p = offset(s.pos, wander.east, wander.north);
      return { lat: p.lat, lon: p.lon, speedKmh: 0, satellites: int(0, 2), valid: false, hdop: 99 };
    }
    if (r < sky.noFixShare + sky.outlierShare) {
      const bearing = between(0, 360);
      const far = offset(s.pos, wander.east, wander.north);
      const p = destinationPoint(far, bearing, between(...sky.outlierM) / 1000);
      const speedKmh = int(...sky.outlierKmh);
      return {
        lat: p.lat,
        lon: p.lon,
        speedKmh,
        satellites: int(...sky.outlierSats),
        valid: true,
        hdop: between(3, 6),
      };
    }
    const p = offset(s.pos, wander.east, wander.north);
    const speedKmh = rng() < 0.15 ? int(1, 3) : 0;
    return { lat: p.lat, lon: p.lon, speedKmh, satellites: int(...sky.sats), valid: true, hdop: between(1.2, 2.5) };
  }

  /**
   * A made-up speed while parked (`parkedBurst`): once, after BURST_AFTER_MS parked, fixes a
   * minute apart at 5–15 km/h with 5–9 satellites, 40–60 m from the spot on alternating sides —
   * within a parked receiver's scatter, yet far enough apart to look like a short drive.
   */
  function burst(s: TrueState): ReturnType<typeof gnss> | null {
    const still = s.parked && s.speedKmh === 0 && s.gnss;
    parkedSinceMs = still ? (parkedSinceMs ?? s.tMs) : null;
    if (burstLeft === 0 || parkedSinceMs === null) return null;
    burstNextMs ??= s.tMs - parkedSinceMs >= BURST_AFTER_MS ? s.tMs : null;
    if (burstNextMs === null || s.tMs < burstNextMs) return null;
    burstLeft--;
    burstNextMs = s.tMs + BURST_EVERY_MS;
    const side = burstLeft % 2 === 0 ? 0 : 180;
    const p = destinationPoint(s.pos, side + between(-30, 30), between(40, 60) / 1000);
    return { lat: p.lat, lon: p.lon, speedKmh: int(5, 15), satellites: int(5, 9), valid: true, hdop: between(1.5, 3) };
  }

  function teltonikaIo(s: TrueState, moving: boolean, link: boolean, hdop: number): Observation['io'] {
    const volts = VOLTS[spec.kind];
    const io: NonNullable<Observation['io']> = {
      motion: moving,
      gsm: link ? int(3, 5) : 0,
      power: Math.round((s.ignition ? volts.on : volts.off) * 100 + gauss() * 5) / 100,
      battery: 4.1,
      hdop: Math.min(25, Math.round(hdop * 10) / 10),
    };
    if (spec.odometerStartKm !== undefined) io.odometerM = Math.round((spec.odometerStartKm + s.odometerKm) * 1000);
    const tank = spec.tank;
    if (tank && s.fuelL !== null) {
      const range = tank.fuelLevelMax - tank.fuelLevelMin;
      const share = Math.min(1, Math.max(0, s.fuelL / tank.fuelCapacity));
      // The level sloshes while driving; a dipstick reads steadier standing still.
      const noise = gauss() * range * (moving ? 0.01 : 0.002);
      io.fuelAdcMv = Math.max(0, Math.round((tank.fuelLevelMin + range * share + noise) * 1000));
    }
    return io;
  }

  return {
    sample(s) {
      const moving = statusOf(s.ignition, s.speedKmh, day.truth) === 'MOVING';
      const made = burst(s);
      const event = made ? 0 : due(s, moving);
      if (event === null) return null;
      last = { tMs: s.tMs, ignition: s.ignition, moving, course: s.course };
      const fix = made ?? gnss(s);
      if (fix.valid) lastFix = { lat: fix.lat, lon: fix.lon };
      const link = !offline(s.tMs);
      const { hdop, ...reported } = fix;
      return {
        timeMs: s.tMs,
        ...reported,
        course: s.course,
        acc: s.ignition,
        altitude: 40,
        ...(link ? {} : { offline: true }),
        ...(spec.model === 'TEL100' ? { io: teltonikaIo(s, moving, link, hdop), eventIoId: event } : {}),
        ...(spec.noIgnition ? { noIgnition: true as const } : {}),
      };
    },
  };
}
