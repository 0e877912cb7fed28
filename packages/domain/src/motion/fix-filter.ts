import { haversineKm } from '../geo.ts';

/**
 * Which fixes may move a vehicle and its odometer (DESIGN §1 "Drift"). Every fix is stored as
 * the device sent it; only accepted fixes feed the odometer, motion and trips. Pure: the
 * clock is passed in.
 */
export interface FixFilterConfig {
  /** Fewer satellites than this (when the device says) is not trusted. */
  minSatellites: number;
  /** A move implying more than this speed from the last accepted fix is a glitch. */
  maxJumpSpeedKmh: number;
  /** Device times further ahead of the server clock than this are not trusted. */
  maxFutureMs: number;
  /** While stopped, moves smaller than this radius are GPS drift: the position stays put. */
  jitterRadiusM: number;
  /** Speed below which the vehicle counts as stopped, for the jitter clamp. */
  stoppedSpeedKmh: number;
  /** After this many consecutive jump rejections that agree with each other, the new place is real. */
  jumpConfirmations: number;
  /**
   * A stopped vehicle sets off only after this many consecutive fixes say it moves (1: the
   * first one does). A lone speed reading while parked or idling is a GNSS glitch, not a drive.
   */
  moveConfirmations: number;
  /** Fixes further apart than this do not confirm each other's movement. */
  moveConfirmWindowMs: number;
  /** A fix this far from where the vehicle stood confirms its movement on its own. */
  moveConfirmRadiusM: number;
  /**
   * Consecutive fixes confirm a movement only once they are this far from where the vehicle
   * stood: beyond the scatter of a parked receiver's fixes, so readings that stay near the spot
   * (a parked receiver inventing speed) never do.
   */
  moveConfirmMinDisplacementM: number;
  /**
   * The same for a fix without ignition, when it is larger: with no ignition wire, speed and
   * position are all there is, and a parked receiver's made-up speeds come with fixes tens of
   * metres off. Set it to the segmenter's `minTripDisplacementM`, so a movement confirmed is
   * always a trip and one that never leaves the parked scatter is neither (ADR 0036, addendum).
   */
  moveConfirmNoIgnitionM: number;
  /** Fixes with fewer satellites than this (when the device says) neither start nor confirm a movement. */
  moveMinSatellites: number;
}

export const DEFAULT_FIX_FILTER: FixFilterConfig = {
  minSatellites: 3,
  maxJumpSpeedKmh: 250,
  maxFutureMs: 10 * 60_000,
  jitterRadiusM: 30,
  stoppedSpeedKmh: 5,
  jumpConfirmations: 3,
  moveConfirmations: 2,
  moveConfirmWindowMs: 60_000,
  moveConfirmRadiusM: 150,
  moveConfirmMinDisplacementM: 40,
  moveConfirmNoIgnitionM: 100,
  moveMinSatellites: 5,
};

export interface CandidateFix {
  deviceTimeMs: number;
  latitude: number;
  longitude: number;
  valid: boolean;
  speedKmh: number;
  satellites?: number | undefined;
  ignition?: boolean | undefined;
}

export interface AcceptedFix {
  deviceTimeMs: number;
  lat: number;
  lon: number;
}

export type RejectReason = 'invalid' | 'zero' | 'future' | 'satellites' | 'stale' | 'jump';

export type FilterVerdict =
  | {
      accepted: true;
      fix: AcceptedFix;
      /** Held at the last position: drift, or a movement not yet confirmed. */
      clamped: boolean;
      /** The fix says the vehicle moves, but it is not confirmed yet: treat it as stopped. */
      unconfirmed?: true;
      /** This fix confirmed a movement that began at this device time. */
      movingFrom?: number;
    }
  | { accepted: false; reason: RejectReason };

/** Consecutive fixes that say a stopped vehicle moves. */
export interface MoveRun {
  since: number;
  lastMs: number;
  count: number;
}

/** What the filter remembers between fixes of one device. */
export interface FixFilterState {
  last: AcceptedFix | null;
  /** Consecutive fixes rejected as jumps, newest last. */
  jumps: AcceptedFix[];
  /** Whether the vehicle is moving (a confirmed movement, not yet followed by a stop). */
  moving: boolean;
  moveRun: MoveRun | null;
}

export const EMPTY_FIX_FILTER_STATE: FixFilterState = { last: null, jumps: [], moving: false, moveRun: null };

/** The filter state resumed at a stored last fix (after a restart or a reload). */
export function resumeFixFilter(last: AcceptedFix | null, moving: boolean): FixFilterState {
  return { last, jumps: [], moving, moveRun: null };
}

function impliedSpeedKmh(a: AcceptedFix, b: AcceptedFix): number {
  const hours = Math.max(b.deviceTimeMs - a.deviceTimeMs, 1) / 3_600_000;
  return haversineKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon }) / hours;
}

function basicReject(fix: CandidateFix, cfg: FixFilterConfig, nowMs: number): RejectReason | null {
  const inRange = Math.abs(fix.latitude) <= 90 && Math.abs(fix.longitude) <= 180;
  if (!fix.valid || !inRange || !Number.isFinite(fix.latitude) || !Number.isFinite(fix.longitude)) return 'invalid';
  if (fix.latitude === 0 && fix.longitude === 0) return 'zero';
  if (fix.deviceTimeMs > nowMs + cfg.maxFutureMs) return 'future';
  if (fix.satellites !== undefined && fix.satellites < cfg.minSatellites) return 'satellites';
  return null;
}

/** Jumps that agree with each other (a real relocation, e.g. after a long tunnel or a tow). */
function jumpsConfirmed(jumps: AcceptedFix[], cfg: FixFilterConfig): boolean {
  if (jumps.length < cfg.jumpConfirmations) return false;
  return jumps.every((j, i) => i === 0 || impliedSpeedKmh(jumps[i - 1] as AcceptedFix, j) <= cfg.maxJumpSpeedKmh);
}

/** Applies one fix (in device-time order) and returns the verdict and the next state. */
export function filterFix(
  state: FixFilterState,
  fix: CandidateFix,
  cfg: FixFilterConfig,
  nowMs: number,
): { verdict: FilterVerdict; state: FixFilterState } {
  const basic = basicReject(fix, cfg, nowMs);
  if (basic) return { verdict: { accepted: false, reason: basic }, state };
  const candidate: AcceptedFix = { deviceTimeMs: fix.deviceTimeMs, lat: fix.latitude, lon: fix.longitude };
  const last = state.last;
  if (!last) {
    const moving = fix.ignition !== false && fix.speedKmh >= cfg.stoppedSpeedKmh;
    if (moving && fix.ignition === undefined) {
      // Without ignition, a first fix at moving speed may be a parked receiver's glitch: it
      // starts a movement that the next fixes must confirm (dated from this one if they do).
      const moveRun = { since: fix.deviceTimeMs, lastMs: fix.deviceTimeMs, count: 1 };
      return {
        verdict: { accepted: true, fix: candidate, clamped: false, unconfirmed: true },
        state: { last: candidate, jumps: [], moving: false, moveRun },
      };
    }
    return {
      verdict: { accepted: true, fix: candidate, clamped: false },
      state: { last: candidate, jumps: [], moving, moveRun: null },
    };
  }
  if (fix.deviceTimeMs <= last.deviceTimeMs) return { verdict: { accepted: false, reason: 'stale' }, state };

  if (impliedSpeedKmh(last, candidate) > cfg.maxJumpSpeedKmh) {
    const jumps = [...state.jumps, candidate].slice(-cfg.jumpConfirmations);
    if (!jumpsConfirmed(jumps, cfg))
      return { verdict: { accepted: false, reason: 'jump' }, state: { ...state, jumps } };
    return {
      verdict: { accepted: true, fix: candidate, clamped: false },
      state: { ...state, last: candidate, jumps: [] },
    };
  }

  const stopped = fix.ignition === false || fix.speedKmh < cfg.stoppedSpeedKmh;
  const driftM = haversineKm({ lat: last.lat, lon: last.lon }, { lat: candidate.lat, lon: candidate.lon }) * 1000;
  /** The fix held where the vehicle stood: drift, or a movement not yet confirmed. */
  const held: AcceptedFix = { deviceTimeMs: candidate.deviceTimeMs, lat: last.lat, lon: last.lon };
  if (!stopped && !state.moving) {
    const prev = state.moveRun;
    // A fix with poor satellite geometry is where parked GNSS invents speed: it never counts.
    const poor = fix.satellites !== undefined && fix.satellites < cfg.moveMinSatellites;
    const run: MoveRun | null = poor
      ? prev
      : prev && fix.deviceTimeMs - prev.lastMs <= cfg.moveConfirmWindowMs
        ? { since: prev.since, lastMs: fix.deviceTimeMs, count: prev.count + 1 }
        : { since: fix.deviceTimeMs, lastMs: fix.deviceTimeMs, count: 1 };
    // Confirmed by one fix far off, or by consecutive fixes in quick succession that have left
    // the spot: isolated readings minutes apart, or ones that stay near it, are the receiver's.
    const minDisplacementM =
      fix.ignition === undefined
        ? Math.max(cfg.moveConfirmMinDisplacementM, cfg.moveConfirmNoIgnitionM)
        : cfg.moveConfirmMinDisplacementM;
    const sustained =
      run !== null && run.count >= cfg.moveConfirmations && (cfg.moveConfirmations <= 1 || driftM >= minDisplacementM);
    if (!run || poor || (!sustained && driftM < cfg.moveConfirmRadiusM)) {
      // Not confirmed yet: the vehicle stays where it stood until the next fix says so too.
      return {
        verdict: { accepted: true, fix: held, clamped: true, unconfirmed: true },
        state: { last: held, jumps: [], moving: false, moveRun: run },
      };
    }
    return {
      verdict: { accepted: true, fix: candidate, clamped: false, movingFrom: run.since },
      state: { last: candidate, jumps: [], moving: true, moveRun: null },
    };
  }
  const next = { jumps: [], moving: !stopped, moveRun: null };
  if (stopped && driftM < cfg.jitterRadiusM) {
    return { verdict: { accepted: true, fix: held, clamped: true }, state: { ...next, last: held } };
  }
  return { verdict: { accepted: true, fix: candidate, clamped: false }, state: { ...next, last: candidate } };
}
