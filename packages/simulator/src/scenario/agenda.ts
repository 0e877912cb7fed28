import type { DayOptions, VehicleSpec } from './types.ts';

/**
 * A working day, decided one step at a time as the day unfolds (fuel and the clock steer it):
 * parked overnight, out in the morning, deliveries, a lunch break, engine-on waits, quick
 * drop-offs, a refuel when the tank runs low, home in the evening, and now and then a shuffle
 * in the yard or fuel siphoned at night. Pure: a seeded random source, no clock.
 */

export type StopKind =
  | 'overnight'
  | 'delivery'
  | 'lunch'
  | 'quickDrop'
  | 'engineOnWait'
  | 'refuel'
  | 'warmUp'
  | 'coolDown'
  | 'evening'
  | 'jam';

export interface FuelChange {
  kind: 'refuel' | 'drain';
  /** From the start of the stand. */
  afterMs: number;
  durationMs: number;
  litres: number;
}

export type Activity =
  | {
      kind: 'stand';
      stop: StopKind;
      ignition: boolean;
      /** How long, or until when (the evening parking lasts to the end of the day). */
      durationMs?: number;
      untilMs?: number;
      fuel?: FuelChange;
    }
  | {
      kind: 'drive';
      targetKm: number;
      /** A short move straight across the yard or car park, not a route through the streets. */
      shuffle?: boolean;
      /** Shuffles only: their speed (10 km/h unless said). */
      cruiseKmh?: number;
    };

export interface AgendaContext {
  tMs: number;
  /** Litres in the tank, when the vehicle has a sensor. */
  fuelL: number | null;
}

const MIN = 60_000;
const HOUR = 3_600_000;

export function createAgenda(spec: VehicleSpec, rng: () => number, day: DayOptions) {
  const between = (lo: number, hi: number) => lo + (hi - lo) * rng();
  const at = (hours: number) => day.startMs + hours * HOUR;
  const endMs = day.startMs + day.durationMs;
  const departMs = at(between(6, 8.5));
  const shiftEndMs = at(between(16.5, 19));
  const capacity = spec.tank?.fuelCapacity ?? 0;
  let started = false;
  let hadLunch = false;
  let home = false;
  let done = false;

  const warmUp = (): Activity => ({
    kind: 'stand',
    stop: 'warmUp',
    ignition: true,
    durationMs: between(20, 60) * 1000,
  });
  const coolDown = (): Activity => ({
    kind: 'stand',
    stop: 'coolDown',
    ignition: true,
    durationMs: between(5, 30) * 1000,
  });
  const park = (stop: StopKind, durationMs: number, fuel?: FuelChange): Activity[] => [
    coolDown(),
    { kind: 'stand', stop, ignition: false, durationMs, ...(fuel ? { fuel } : {}) },
    warmUp(),
  ];

  function overnight(fuelL: number | null): Activity[] {
    const drainL = fuelL === null ? 0 : Math.min(capacity * between(0.2, 0.35), fuelL - capacity * 0.1);
    const drain: FuelChange | undefined =
      spec.nightDrain && drainL > 5
        ? { kind: 'drain', afterMs: between(1, 4) * HOUR, durationMs: between(4, 8) * MIN, litres: Math.round(drainL) }
        : undefined;
    return [
      { kind: 'stand', stop: 'overnight', ignition: false, untilMs: departMs, ...(drain ? { fuel: drain } : {}) },
      warmUp(),
      { kind: 'drive', targetKm: between(5, 20) },
    ];
  }

  function evening(tMs: number): Activity[] {
    done = true;
    const rest: Activity = { kind: 'stand', stop: 'evening', ignition: false, untilMs: endMs };
    if (!spec.yardShuffle) return [coolDown(), rest];
    return [
      coolDown(),
      { kind: 'stand', stop: 'evening', ignition: false, untilMs: tMs + between(30, 90) * MIN },
      { kind: 'stand', stop: 'warmUp', ignition: true, durationMs: between(20, 30) * 1000 },
      { kind: 'drive', targetKm: between(0.05, 0.1), shuffle: true },
      { kind: 'stand', stop: 'coolDown', ignition: true, durationMs: between(5, 10) * 1000 },
      rest,
    ];
  }

  /** Lunch, with the car moved 150 m across the car park at walking pace halfway through. */
  function lunchWithMove(): Activity[] {
    return [
      coolDown(),
      { kind: 'stand', stop: 'lunch', ignition: false, durationMs: between(20, 30) * MIN },
      warmUp(),
      { kind: 'drive', targetKm: 0.15, shuffle: true, cruiseKmh: 6 },
      ...park('lunch', between(20, 30) * MIN),
    ];
  }

  function stop(ctx: AgendaContext): Activity[] {
    const hour = (ctx.tMs - day.startMs) / HOUR;
    if (!hadLunch && hour >= 12 && hour < 14) {
      hadLunch = true;
      return spec.carParkMove ? lunchWithMove() : park('lunch', between(40, 60) * MIN);
    }
    if (ctx.fuelL !== null && ctx.fuelL < capacity * 0.4) {
      const afterMs = between(60, 120) * 1000;
      const litres = Math.round(capacity * 0.95 - ctx.fuelL);
      return park('refuel', afterMs + between(7, 9) * MIN, {
        kind: 'refuel',
        afterMs,
        durationMs: between(150, 240) * 1000,
        litres,
      });
    }
    const r = rng();
    if (spec.jams && r < 0.35) {
      // Stuck in traffic with the engine on, for less than a parking; then on to the stop.
      const jam: Activity = { kind: 'stand', stop: 'jam', ignition: true, durationMs: between(2, 4.5) * MIN };
      return [jam, { kind: 'drive', targetKm: between(1, 4) }, ...park('delivery', between(10, 45) * MIN)];
    }
    if (r < spec.engineOnWaitShare)
      return [{ kind: 'stand', stop: 'engineOnWait', ignition: true, durationMs: between(6, 20) * MIN }];
    if (r < spec.engineOnWaitShare + 0.2) return park('quickDrop', between(1.5, 4) * MIN);
    return park('delivery', between(10, 45) * MIN);
  }

  return {
    /** What the vehicle does next, from the end of what it did last. */
    next(ctx: AgendaContext): Activity[] {
      if (spec.stationary) return [{ kind: 'stand', stop: 'overnight', ignition: false, untilMs: endMs }];
      if (!started) {
        started = true;
        return overnight(ctx.fuelL);
      }
      if (done) return [{ kind: 'stand', stop: 'evening', ignition: false, untilMs: endMs }];
      if (home) return evening(ctx.tMs);
      const plan = stop(ctx);
      const standsMs = plan.reduce((a, x) => a + (x.kind === 'stand' ? (x.durationMs ?? 0) : 0), 0);
      home = ctx.tMs + standsMs >= shiftEndMs;
      return [...plan, { kind: 'drive', targetKm: home ? between(8, 20) : between(3, 25) }];
    },
  };
}
