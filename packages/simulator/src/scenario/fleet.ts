import { createRng } from '../routes.ts';
import { simulateVehicleDay, type VehicleDay } from './day.ts';
import type { CellularLoss, DayOptions, TankSpec, TrackerModel, VehicleKind, VehicleSpec } from './types.ts';

/**
 * A mixed fleet whose day covers every situation at least once: GT06 and Teltonika trackers,
 * trucks, vans and cars; cellular loss while driving and across a parking (GT06 re-uploads
 * flagged as memory, Teltonika records sent late with their times); GNSS lost in tunnels;
 * engine-on waits; a yard shuffle at night; fuel sensors with refuels and a night drain.
 */
export interface FleetOptions {
  vehicles: number;
  /** Seeds vehicle i with seed + i. */
  seed: number;
  /** First IMEI of each model; vehicle i gets base + its index within the model. */
  gt06ImeiBase?: string;
  teltonikaImeiBase?: string;
}

const KINDS: VehicleKind[] = ['truck', 'van', 'car'];
const CAPACITY: Record<VehicleKind, number> = { truck: 200, van: 80, car: 45 };
/** Cellular loss for the first vehicles of each model: one across a parking, one while driving. */
const LOSSES: CellularLoss[] = ['acrossParking', 'whileDriving'];

function imei(base: string, index: number): string {
  return String(BigInt(base) + BigInt(index)).padStart(15, '0');
}

export function tankFor(kind: VehicleKind): TankSpec {
  return {
    portNumber: 1,
    fuelCapacity: CAPACITY[kind],
    fuelLevelMin: 0.5,
    fuelLevelMax: 4.5,
    fuelLevelOperator: 'V',
    fuelSensorType: kind === 'truck' ? 'ultrasonic' : 'dipstick',
  };
}

export function fleetSpecs(options: FleetOptions): VehicleSpec[] {
  const perModel: Record<TrackerModel, number> = { GPS100: 0, TEL100: 0 };
  return Array.from({ length: options.vehicles }, (_, i) => {
    const seed = options.seed + i;
    const rng = createRng(seed * 104_729);
    const model: TrackerModel = i % 2 === 0 ? 'GPS100' : 'TEL100';
    const n = perModel[model]++;
    const kind = KINDS[i % KINDS.length] ?? 'van';
    const teltonika = model === 'TEL100';
    const base = teltonika
      ? (options.teltonikaImeiBase ?? '352093089100000')
      : (options.gt06ImeiBase ?? '359710049100000');
    return {
      name: `${teltonika ? 'TEL' : 'GT06'} ${kind} ${n + 1}`,
      model,
      imei: imei(base, n),
      seed,
      kind,
      // Every other Teltonika sends its own odometer; the rest leave mileage to the server.
      ...(teltonika && n % 2 === 0 ? { odometerStartKm: Math.round(20_000 + rng() * 180_000) } : {}),
      ...(teltonika && n !== 2 ? { tank: tankFor(kind) } : {}),
      cellularLoss: LOSSES[n] ?? 'none',
      tunnels: n % 2 === 1 || n === 2 ? 2 : 0,
      yardShuffle: n === 1 || n === 3,
      engineOnWaitShare: n === 2 ? 0.45 : 0.2,
      nightDrain: teltonika && (n === 0 || n === 3),
    };
  });
}

/** Every vehicle's day. */
export function simulateFleetDay(options: FleetOptions, day: DayOptions): VehicleDay[] {
  return fleetSpecs(options).map((spec) => simulateVehicleDay(spec, day));
}

/**
 * Trackers without an ignition wire (issue 10): statuses come from speed alone. Three drive —
 * with waits in traffic jams shorter than a parking, engine-on waits long enough to be one, a
 * memory upload across a parking and one while driving — and two never move: one in an open
 * yard (a tight wander, now and then 5–15 km/h close to the spot with a middling satellite
 * count) and one in a basement (jumps of up to 120 m, few satellites). Simulate them over two
 * days, so the stationary two stand still for 48 hours. Issue 24, item 6: the van and the yard
 * car's receivers make up a burst of speed while parked (no trip), and the first car is moved
 * 150 m across a car park at lunch at walking pace (a trip).
 */
export function noIgnitionFleetSpecs(options: { seed: number; teltonikaImeiBase?: string }): VehicleSpec[] {
  const base = options.teltonikaImeiBase ?? '352093089200000';
  const common = {
    model: 'TEL100' as const,
    tunnels: 0,
    yardShuffle: false,
    nightDrain: false,
    noIgnition: true as const,
  };
  const rows: Omit<VehicleSpec, 'imei' | 'seed' | 'model' | 'tunnels' | 'yardShuffle' | 'nightDrain' | 'noIgnition'>[] =
    [
      {
        name: 'TEL car no-ACC 1',
        kind: 'car',
        cellularLoss: 'none',
        engineOnWaitShare: 0.2,
        jams: true,
        carParkMove: true,
      },
      {
        name: 'TEL van no-ACC 2',
        kind: 'van',
        cellularLoss: 'acrossParking',
        engineOnWaitShare: 0.1,
        parkedBurst: true,
      },
      { name: 'TEL truck no-ACC 3', kind: 'truck', cellularLoss: 'whileDriving', engineOnWaitShare: 0.1, jams: true },
      {
        name: 'TEL car no-ACC yard',
        kind: 'car',
        cellularLoss: 'none',
        engineOnWaitShare: 0,
        stationary: 'yard',
        parkedBurst: true,
      },
      {
        name: 'TEL car no-ACC basement',
        kind: 'car',
        cellularLoss: 'none',
        engineOnWaitShare: 0,
        stationary: 'basement',
      },
    ];
  return rows.map((r, i) => ({ ...common, ...r, imei: imei(base, i), seed: options.seed + 100 + i }));
}
