import { haversineKm, type FuelTank } from '@jejak/domain';
import type { TeltonikaFix } from './teltonika-client.ts';
import type { DeviceFix } from './tracker-client.ts';

/**
 * A live tracker's fuel level sensor (ADR 0017's voltage dipstick on analog input 1): the tank
 * burns fuel as the vehicle drives, is topped up and then loses fuel to a drain on a fixed
 * timetable of device time, so a demo shows a refuel and a drain within minutes of starting and
 * again every `everyMs`. The scenario day (scenario/agenda.ts) plays fuel by its own story; this
 * one serves the endless routes of `startSimulator`.
 */
export interface FuelPlayback {
  /** The tank as the vehicle's fuel profile sets it: litres, and the sensor's volts at empty and full. */
  tank: Pick<FuelTank, 'fuelCapacity' | 'fuelLevelMin' | 'fuelLevelMax'>;
  /** What the engine burns, litres per 100 km driven. */
  litresPer100Km: number;
  /** The level at the first fix, share of the tank. Default 0.5. */
  startShare?: number;
  /** Device time from the first fix (and from each repeat) until the refuel is due. Default 3 min. */
  refuelAfterMs?: number;
  /** As refuelAfterMs, for the drain. Default 15 min. */
  drainAfterMs?: number;
  /** The refuel and the drain come again every this much device time. Default 1 h. */
  everyMs?: number;
}

const MIN = 60_000;
/** A refuel or drain waits this long for the vehicle to stand still (a pump, a siphon), then happens anyway. */
const WAIT_FOR_STOP_MS = 10 * MIN;
const REFUEL_MS = 2 * MIN;
const DRAIN_MS = 3 * MIN;
/**
 * After a change the level holds this long before the next may begin: the level tracker closes
 * an event once it has held 4 min (ADR 0017), and a drain straight after a refuel would cut it.
 */
const HOLD_MS = 6 * MIN;
/** A refuel fills to this share of the tank; a drain takes this share (well above ADR 0017's 5 % threshold). */
const REFUEL_TO_SHARE = 0.9;
const DRAIN_SHARE = 0.25;
/** The level never goes below this share: a demo vehicle does not run dry. */
const RESERVE_SHARE = 0.05;

interface Change {
  /** Litres still to add (positive) or take (negative). */
  remaining: number;
  perMs: number;
}

/**
 * Wraps a tracker's fixes with the tank's sensor reading (`io.fuelAdcMv`, Teltonika AIN1) as
 * FuelPlayback says. `random` drives the reading's noise: it sloshes while driving, and a
 * dipstick reads steadier standing still.
 */
export function withFuelGauge(next: () => DeviceFix, play: FuelPlayback, random: () => number): () => TeltonikaFix {
  const { fuelCapacity: capacity, fuelLevelMin: emptyV, fuelLevelMax: fullV } = play.tank;
  const refuelAfterMs = play.refuelAfterMs ?? 3 * MIN;
  const drainAfterMs = play.drainAfterMs ?? 15 * MIN;
  const everyMs = play.everyMs ?? 60 * MIN;
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  let litres = capacity * (play.startShare ?? 0.5);
  let firstMs: number | null = null;
  let prev: DeviceFix | null = null;
  /** Events of the timetable played so far: even ones are refuels, odd ones drains. */
  let played = 0;
  let change: Change | null = null;
  let holdUntilMs = 0;

  const dueMs = (n: number) =>
    (firstMs ?? 0) + Math.floor(n / 2) * everyMs + (n % 2 === 0 ? refuelAfterMs : drainAfterMs);

  function startDue(fix: DeviceFix): void {
    const due = dueMs(played);
    if (fix.timeMs < Math.max(due, holdUntilMs)) return;
    if (fix.speedKmh > 0 && fix.timeMs < due + WAIT_FOR_STOP_MS) return;
    const refuel = played % 2 === 0;
    const amount = refuel
      ? Math.max(0, capacity * REFUEL_TO_SHARE - litres)
      : -Math.min(capacity * DRAIN_SHARE, Math.max(0, litres - capacity * RESERVE_SHARE));
    change = { remaining: amount, perMs: amount / (refuel ? REFUEL_MS : DRAIN_MS) };
    played++;
  }

  function flow(dtMs: number, timeMs: number): void {
    if (!change) return;
    const step =
      change.remaining > 0
        ? Math.min(change.remaining, change.perMs * dtMs)
        : Math.max(change.remaining, change.perMs * dtMs);
    litres += step;
    change.remaining -= step;
    if (Math.abs(change.remaining) > 1e-9) return;
    change = null;
    holdUntilMs = timeMs + HOLD_MS;
  }

  return () => {
    const fix = next();
    firstMs ??= fix.timeMs;
    if (prev) {
      if (fix.acc && fix.speedKmh > 0) litres -= (haversineKm(prev, fix) * play.litresPer100Km) / 100;
      flow(fix.timeMs - prev.timeMs, fix.timeMs);
    }
    litres = Math.min(capacity, Math.max(capacity * RESERVE_SHARE, litres));
    if (!change) startDue(fix);
    prev = fix;
    const noise = gauss() * (fullV - emptyV) * (fix.speedKmh > 0 ? 0.005 : 0.001);
    const volts = emptyV + ((fullV - emptyV) * litres) / capacity + noise;
    return { ...fix, io: { fuelAdcMv: Math.max(0, Math.round(volts * 1000)) } };
  };
}
