import { FuelTankSchema, fuelTankError } from '@jejak/contract';
import {
  DEFAULT_FUEL_TANK,
  MAX_FUEL_PORT,
  fuelInputOf,
  fuelTankKey,
  type FuelProfile,
  type FuelTank,
} from '@jejak/domain';

/** A tank as the editor holds it: any field may still be empty while the user types. */
export type TankDraft = { [K in keyof FuelTank]?: FuelTank[K] | null };

/** The tanks of a vehicle in the editor's order; a vehicle without any gets the default tank (spec 2 §9). */
export function tanksOf(profile: FuelProfile | undefined): TankDraft[] {
  const tanks = Object.values(profile ?? {}).map((tank) => ({ ...tank }));
  return tanks.length > 0 ? tanks : [{ ...DEFAULT_FUEL_TANK }];
}

/**
 * A new tank: the default tank's calibration on the first sensor input no tank reads yet (ports
 * 0 and 1 read the same input), or null when every input is taken.
 */
export function nextTank(tanks: readonly TankDraft[]): TankDraft | null {
  const used = new Set(tanks.flatMap((t) => (typeof t.portNumber === 'number' ? [fuelInputOf(t.portNumber)] : [])));
  for (let port = 0; port <= MAX_FUEL_PORT; port++) {
    if (!used.has(fuelInputOf(port))) return { ...DEFAULT_FUEL_TANK, portNumber: port };
  }
  return null;
}

/** At least one tank must remain (spec 2 §5): Remove is disabled on the last one. */
export function mayRemoveTank(tanks: readonly TankDraft[]): boolean {
  return tanks.length > 1;
}

/**
 * The first tank that is not filled in correctly, as 'Error at tank {n}…' (n from 1): a field
 * missing or out of range, or a second tank on an input another tank reads. Null when all are fine.
 */
export function tankProblem(tanks: readonly TankDraft[]): string | null {
  const inputs = new Set<number>();
  for (const [i, draft] of tanks.entries()) {
    const tank = FuelTankSchema.safeParse(draft);
    if (!tank.success || inputs.has(fuelInputOf(tank.data.portNumber))) return fuelTankError(i + 1);
    inputs.add(fuelInputOf(tank.data.portNumber));
  }
  return null;
}

/** The fuelProfile the server stores: 'fuel' for port 0, 'fuel{n}' for port n (spec 2 §3). */
export function profileOf(tanks: readonly TankDraft[]): Record<string, TankDraft> {
  const profile: Record<string, TankDraft> = {};
  tanks.forEach((tank, i) => {
    // A tank without a port keeps a key of its own, so the server still names it by its place.
    profile[typeof tank.portNumber === 'number' ? fuelTankKey(tank.portNumber) : `tank${i + 1}`] = tank;
  });
  return profile;
}
