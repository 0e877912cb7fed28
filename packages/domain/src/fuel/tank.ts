/**
 * Fuel tanks and their level sensors (spec 2 §3 "Fuel tank entry", §9 default tank). A vehicle's
 * `fuelProfile` holds one tank per sensor input, under the key `fuel` for port 0 and `fuel{n}`
 * for port n.
 */
export const FUEL_LEVEL_OPERATORS = ['%', 'V'] as const;
export type FuelLevelOperator = (typeof FUEL_LEVEL_OPERATORS)[number];
export const FUEL_SENSOR_TYPES = ['dipstick', 'ultrasonic'] as const;
export type FuelSensorType = (typeof FUEL_SENSOR_TYPES)[number];

export interface FuelTank {
  portNumber: number;
  /** Litres when full. 0 means the tank is not set up: it gives no litres. */
  fuelCapacity: number;
  /** The sensor's reading with the tank empty, in the operator's unit. */
  fuelLevelMin: number;
  /** The sensor's reading with the tank full, in the operator's unit. */
  fuelLevelMax: number;
  /** '%': the device reports the level in percent; 'V': an analog input in volts. */
  fuelLevelOperator: FuelLevelOperator;
  fuelSensorType: FuelSensorType;
}

export type FuelProfile = Record<string, FuelTank>;

/** The highest port a tank may name (Teltonika and Meitrack devices have at most 5 analog inputs). */
export const MAX_FUEL_PORT = 8;

export const DEFAULT_FUEL_TANK: Readonly<FuelTank> = {
  portNumber: 0,
  fuelCapacity: 0,
  fuelLevelMin: 0,
  fuelLevelMax: 10,
  fuelLevelOperator: 'V',
  fuelSensorType: 'dipstick',
};

export function defaultFuelProfile(): FuelProfile {
  return { fuel: { ...DEFAULT_FUEL_TANK } };
}

/** The profile key of a port: 'fuel' for port 0, 'fuel{n}' for port n. */
export function fuelTankKey(portNumber: number): string {
  return portNumber === 0 ? 'fuel' : `fuel${portNumber}`;
}

/**
 * The sensor input a port reads. Port n (n ≥ 1) is input n, and port 0 — the default tank's —
 * is input 1, so a single-tank vehicle needs no port set and a second tank on input 2 is
 * `fuel2`. Ports 0 and 1 therefore name the same input; a profile may hold only one of them.
 */
export function fuelInputOf(portNumber: number): number {
  return Math.max(1, portNumber);
}

/**
 * The normalised message attribute that carries a tank's reading. 'V': analog input n is
 * `adc{n}` (Teltonika AIN1 = IO 9 and AIN2 = IO 6, in volts; Meitrack AD1…AD5, as the device
 * reports them; OsmAnd apps may send `adc1`). '%': a level the device already gives in percent,
 * `fuelLevel` for input 1 (Queclink's CAN fuel level, or an OsmAnd extra) and `fuelLevel{n}` for
 * input n.
 */
export function fuelReadingAttribute(tank: Pick<FuelTank, 'portNumber' | 'fuelLevelOperator'>): string {
  const input = fuelInputOf(tank.portNumber);
  if (tank.fuelLevelOperator === 'V') return `adc${input}`;
  return input === 1 ? 'fuelLevel' : `fuelLevel${input}`;
}

/** A tank gives litres only with a capacity and a calibrated range. */
export function isTankSetUp(tank: FuelTank): boolean {
  return tank.fuelCapacity > 0 && tank.fuelLevelMax !== tank.fuelLevelMin;
}

/**
 * Readings further outside the calibrated range than this share of it are a sensor fault (an
 * unplugged probe reads 0 V, an ultrasonic sensor that loses its echo reads 0 or full scale),
 * not a level: clamping them would fake a drain and then a refuel.
 */
export const FUEL_FAULT_MARGIN = 0.1;

/**
 * The share of the tank a reading means (0 empty … 1 full): linear between the empty and the
 * full reading, so a sensor whose output falls as the tank fills is set up with min above max.
 * Dipstick and ultrasonic sensors are treated alike: as fitted to trackers both put out a signal
 * proportional to the fuel height, and what sets them apart — an ultrasonic sensor's lost echoes —
 * shows as out-of-range or short-lived readings, which the fault margin here and the level
 * tracker's median smoothing reject for either type. Tanks are taken as upright prisms (litres
 * proportional to height): the spec has no calibration table for shaped tanks.
 * Null when the tank is not set up or the reading is a fault.
 */
export function tankFraction(tank: FuelTank, reading: number): number | null {
  if (!isTankSetUp(tank) || !Number.isFinite(reading)) return null;
  const fraction = (reading - tank.fuelLevelMin) / (tank.fuelLevelMax - tank.fuelLevelMin);
  if (fraction < -FUEL_FAULT_MARGIN || fraction > 1 + FUEL_FAULT_MARGIN) return null;
  return Math.min(1, Math.max(0, fraction));
}

/** Litres in the tank a reading means; null when unknown (see tankFraction). */
export function tankLitres(tank: FuelTank, reading: number): number | null {
  const fraction = tankFraction(tank, reading);
  return fraction === null ? null : fraction * tank.fuelCapacity;
}

/** The reading a message carries for a tank, when it carries one. */
export function tankReading(tank: FuelTank, attributes: Readonly<Record<string, unknown>>): number | undefined {
  const value = attributes[fuelReadingAttribute(tank)];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The tanks of a profile that give litres, by key, in profile order. */
export function setUpTanks(profile: FuelProfile): [string, FuelTank][] {
  return Object.entries(profile).filter(([, tank]) => isTankSetUp(tank));
}
