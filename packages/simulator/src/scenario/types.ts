import type { LatLon } from '@jejak/domain';
import type { TeltonikaFix } from '../teltonika-client.ts';

/** The two demo models (DESIGN §4): GPS100 speaks GT06, TEL100 speaks Teltonika. */
export type TrackerModel = 'GPS100' | 'TEL100';

export type VehicleKind = 'truck' | 'van' | 'car';

/** A fuel tank as the console configures it (spec 2, fuel tank entry); the sensor is on analog input `portNumber`. */
export interface TankSpec {
  portNumber: number;
  fuelCapacity: number;
  /** Sensor volts at an empty tank. */
  fuelLevelMin: number;
  /** Sensor volts at a full tank. */
  fuelLevelMax: number;
  fuelLevelOperator: 'V';
  fuelSensorType: 'dipstick' | 'ultrasonic';
}

/** Where the cellular link is lost for a while (the tracker keeps its fixes and uploads them later). */
export type CellularLoss = 'none' | 'whileDriving' | 'acrossParking';

export interface VehicleSpec {
  name: string;
  model: TrackerModel;
  imei: string;
  seed: number;
  kind: VehicleKind;
  /** TEL100 only: the tracker sends its own total odometer (IO 16), starting at this many km. */
  odometerStartKm?: number;
  /** TEL100 only: a fuel level sensor on an analog input. */
  tank?: TankSpec;
  cellularLoss: CellularLoss;
  /** GNSS lost in tunnels at most this many times (the tracker keeps reporting, without a fix). */
  tunnels: number;
  /** Moves a few metres in the yard at night (a "trip" that is not one). */
  yardShuffle: boolean;
  /** Share of stops made with the engine running (waiting with the engine on). */
  engineOnWaitShare: number;
  /** Fuel is siphoned off during the night parking. */
  nightDrain: boolean;
  /** No ignition wire: the tracker reports no ACC, so statuses come from speed alone. */
  noIgnition?: true;
  /** Waits in traffic jams with the engine on, each shorter than a parking (no-ignition trackers). */
  jams?: true;
  /** Never moves all day, parked in an open yard or in a basement car park (GNSS drift only). */
  stationary?: 'yard' | 'basement';
  /**
   * Once parked for half an hour, the receiver makes up a burst of speed: three fixes a minute
   * apart at 5–15 km/h with 5–9 satellites, 40–60 m from the spot (within its scatter). The
   * vehicle does not move: no trip (issue 24, item 6).
   */
  parkedBurst?: true;
  /** At lunch the car is moved 150 m across the car park at walking pace: a trip (issue 24, item 6). */
  carParkMove?: true;
}

/** The thresholds that define statuses and trips; defaults are the server's config defaults. */
export interface TruthConfig {
  /** A tracker reporting at least this speed (whole km/h) is moving. */
  movingSpeedKmh: number;
  /** A parking shorter than this does not end a trip. */
  minParkingMs: number;
  /** A "trip" under both of these is not a trip: it belongs to the parking around it. */
  minTripKm: number;
  minTripMs: number;
  /** Without ignition: a stop at least this long is a parking from the moment the vehicle stopped. */
  parkAfterStopMs: number;
  /**
   * Without ignition, a move under minTripKm is a trip when it took the vehicle at least this
   * far from where it was parked; how long it lasted does not count.
   */
  minTripDisplacementM: number;
}

/** How a tracker samples: periodic by ignition, plus records on ignition, movement and heading changes. */
export interface SamplingConfig {
  ignitionOnEveryMs: number;
  ignitionOffEveryMs: number;
  /** A record whenever the heading changed this much since the last one while moving. */
  turnDeg: number;
}

export interface DayOptions {
  /** First instant of the day (the trackers' first record). */
  startMs: number;
  durationMs: number;
  sampling: SamplingConfig;
  truth: TruthConfig;
}

/** One record as the tracker sends it (GT06 ignores the Teltonika IO). */
export type Observation = TeltonikaFix;

export type TransitStatus = 'MOVING' | 'IDLING' | 'PARKING';

/** One run of the same status, as a correct system's transit records must show it. */
export interface SegmentTruth {
  status: TransitStatus;
  startMs: number;
  endMs: number;
  durationMs: number;
  distanceKm: number;
  /** Where the vehicle was when the run began and when it ended. */
  from?: LatLon;
  to?: LatLon;
  /** Still going on when the day ends. */
  open?: true;
}

/** A trip (TRANSIT): from leaving a real parking to the next real parking. */
export interface TripTruth {
  startMs: number;
  endMs: number;
  distanceKm: number;
  movingMs: number;
  idlingMs: number;
  /** Parkings shorter than minParkingMs inside the trip. */
  shortParkingMs: number;
}

/** A real parking (PARKING trip), with any non-trip shuffle inside it. */
export interface ParkingTruth {
  startMs: number;
  endMs: number;
  open?: true;
}

export interface FuelEventTruth {
  /** When the level began to change. */
  timeMs: number;
  litres: number;
}

export interface OutageTruth {
  kind: 'cellular' | 'gnss';
  startMs: number;
  endMs: number;
}

export interface VehicleTruth {
  vehicle: VehicleSpec;
  startMs: number;
  endMs: number;
  config: TruthConfig;
  /** Distance actually driven in the day. */
  mileageKm: number;
  trips: TripTruth[];
  parkings: ParkingTruth[];
  segments: SegmentTruth[];
  totals: { movingMs: number; idlingMs: number; parkingMs: number };
  refuels: FuelEventTruth[];
  drains: FuelEventTruth[];
  outages: OutageTruth[];
  /** Records the tracker made (each sent once it can be). */
  records: number;
}
