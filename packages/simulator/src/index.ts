export {
  startSimulator,
  type RunningSimulator,
  type SimulatorDevice,
  type SimulatorOptions,
  type SimulatorStats,
} from './simulator.ts';
export { withFuelGauge, type FuelPlayback } from './fuel-gauge.ts';
export {
  createTrackerClient,
  type AckEvent,
  type ClientStats,
  type DeviceFix,
  type SendEvent,
  type TrackerClient,
  type TrackerClientOptions,
  type ServerAddress,
} from './tracker-client.ts';
export { createGt06Client, gt06Protocol, type Gt06Client, type Gt06ClientOptions } from './gt06-client.ts';
export {
  createRng,
  createRoute,
  generateRoute,
  KLANG_VALLEY,
  ACCEL_KMH_PER_S,
  MAX_CRUISE_KMH,
  MIN_CRUISE_KMH,
  type Bounds,
  type Route,
  type RouteFix,
  type RouteOptions,
} from './routes.ts';
export {
  createTeltonikaClient,
  teltonikaProtocol,
  type TeltonikaClientOptions,
  type TeltonikaFix,
} from './teltonika-client.ts';
export {
  playScenario,
  type ScenarioRunOptions,
  type ScenarioRunResult,
  type ScenarioTarget,
} from './scenario-runner.ts';
export { dayOptions, DEFAULT_TRUTH_CONFIG, simulateVehicleDay, type VehicleDay } from './scenario/day.ts';
export { fleetSpecs, noIgnitionFleetSpecs, simulateFleetDay, type FleetOptions } from './scenario/fleet.ts';
export {
  compareVehicle,
  stationaryKm,
  worstDurationErrorMs,
  type ObservedSegment,
  type ObservedTrip,
  type VehicleComparison,
} from './scenario/compare.ts';
export type * from './scenario/types.ts';
