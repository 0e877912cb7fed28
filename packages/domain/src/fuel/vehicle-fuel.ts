import {
  DEFAULT_FUEL_TRACKER,
  emptyFuelLevel,
  finishFuelLevel,
  stepFuelLevel,
  type FuelEvent,
  type FuelLevelState,
  type FuelTrackerConfig,
} from './level-tracker.ts';
import { setUpTanks, tankLitres, tankReading, type FuelProfile, type FuelTank } from './tank.ts';

/**
 * A vehicle's fuel across all its tanks, from the attributes of each message (the same for the
 * live pipeline and for reports folded over stored device logs).
 */
export interface FuelInput {
  /** Device time of the message. */
  timeMs: number;
  /** The message's normalised attributes (adc1…, fuelLevel…, ignition). */
  attributes: Readonly<Record<string, unknown>>;
}

export interface TankFuel {
  /** Litres this message's reading means; null without a (sound) reading. */
  readingL: number | null;
  /** The tank's smoothed level; null before its first reading. */
  levelL: number | null;
  /** The lowest level since the last refuel: sum its falls for fuel burnt (FuelLevelState). */
  steadyL: number | null;
}

export interface TankFuelEvent extends FuelEvent {
  /** The tank's profile key ('fuel', 'fuel2', …). */
  tank: string;
}

interface TankTrack {
  /** The settings the level was built with: new settings start the tank afresh. */
  tank: FuelTank;
  level: FuelLevelState;
}

/** Per tank key. */
export type VehicleFuelState = Record<string, TankTrack>;

export interface VehicleFuelStep {
  state: VehicleFuelState;
  tanks: Record<string, TankFuel>;
  /** All set-up tanks' readings summed; null unless each of them has one. */
  readingL: number | null;
  /** All set-up tanks' smoothed levels summed; null unless each of them has one. */
  levelL: number | null;
  /** All set-up tanks' steady levels summed (see FuelLevelState.steadyL). */
  steadyL: number | null;
  events: TankFuelEvent[];
}

export function emptyVehicleFuel(): VehicleFuelState {
  return {};
}

/** Null when any part is unknown or there is nothing to add. */
function total(values: (number | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values.reduce<number>((a, v) => a + (v ?? 0), 0);
}

const sameTank = (a: FuelTank, b: FuelTank) =>
  a.portNumber === b.portNumber &&
  a.fuelCapacity === b.fuelCapacity &&
  a.fuelLevelMin === b.fuelLevelMin &&
  a.fuelLevelMax === b.fuelLevelMax &&
  a.fuelLevelOperator === b.fuelLevelOperator &&
  a.fuelSensorType === b.fuelSensorType;

/** Litres per set-up tank from one message's readings alone (no smoothing), and their total. */
export function readFuel(
  profile: FuelProfile,
  attributes: Readonly<Record<string, unknown>>,
  setUp: [string, FuelTank][] = setUpTanks(profile),
): { tanks: Record<string, number | null>; readingL: number | null } {
  const tanks: Record<string, number | null> = {};
  for (const [key, tank] of setUp) {
    const reading = tankReading(tank, attributes);
    tanks[key] = reading === undefined ? null : tankLitres(tank, reading);
  }
  return { tanks, readingL: total(Object.values(tanks)) };
}

/** Applies one message (in time order) to every set-up tank of the profile. */
export function stepVehicleFuel(
  state: VehicleFuelState,
  input: FuelInput,
  profile: FuelProfile,
  cfg: FuelTrackerConfig = DEFAULT_FUEL_TRACKER,
): VehicleFuelStep {
  const setUp = setUpTanks(profile);
  // The usual vehicle without a fuel sensor: nothing to read or track.
  if (setUp.length === 0) return { state: {}, tanks: {}, readingL: null, levelL: null, steadyL: null, events: [] };
  const read = readFuel(profile, input.attributes, setUp);
  const ignition = input.attributes.ignition;
  const engineOn = typeof ignition === 'boolean' ? ignition : undefined;
  const next: VehicleFuelState = {};
  const tanks: Record<string, TankFuel> = {};
  const events: TankFuelEvent[] = [];
  for (const [key, tank] of setUp) {
    const prior = state[key];
    let level = prior && sameTank(prior.tank, tank) ? prior.level : emptyFuelLevel();
    const readingL = read.tanks[key] ?? null;
    if (readingL !== null) {
      const r = stepFuelLevel(level, { timeMs: input.timeMs, litres: readingL, engineOn }, tank.fuelCapacity, cfg);
      level = r.state;
      events.push(...r.events.map((e) => ({ ...e, tank: key })));
    }
    next[key] = { tank, level };
    tanks[key] = { readingL, levelL: level.levelL, steadyL: level.steadyL };
  }
  const all = Object.values(tanks);
  const levelL = total(all.map((t) => t.levelL));
  const steadyL = total(all.map((t) => t.steadyL));
  return { state: next, tanks, readingL: read.readingL, levelL, steadyL, events };
}

/** Each tracked tank's smoothed litres by profile key (the device's live `fuelLevels`). */
export function tankLevels(state: VehicleFuelState): Record<string, number | null> {
  return Object.fromEntries(Object.entries(state).map(([key, t]) => [key, t.level.levelL]));
}

/** Events still open at the end of a report's span that already hold. */
export function finishVehicleFuel(
  state: VehicleFuelState,
  cfg: FuelTrackerConfig = DEFAULT_FUEL_TRACKER,
): TankFuelEvent[] {
  return Object.entries(state).flatMap(([key, t]) =>
    finishFuelLevel(t.level, t.tank.fuelCapacity, cfg).map((e) => ({ ...e, tank: key })),
  );
}

export interface FuelPoint extends Omit<VehicleFuelStep, 'state' | 'events'> {
  timeMs: number;
}

/** Batch form for reports: the fuel at every message of a span, and its refuels and drains. */
export function analyseFuel(
  inputs: readonly FuelInput[],
  profile: FuelProfile,
  cfg: FuelTrackerConfig = DEFAULT_FUEL_TRACKER,
): { points: FuelPoint[]; events: TankFuelEvent[] } {
  let state = emptyVehicleFuel();
  const points: FuelPoint[] = [];
  const events: TankFuelEvent[] = [];
  for (const input of inputs) {
    const { state: next, events: found, ...point } = stepVehicleFuel(state, input, profile, cfg);
    state = next;
    points.push({ timeMs: input.timeMs, ...point });
    events.push(...found);
  }
  events.push(...finishVehicleFuel(state, cfg));
  return { points, events };
}
