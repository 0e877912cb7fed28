export {
  startSimulator,
  type RunningSimulator,
  type SimulatorDevice,
  type SimulatorOptions,
  type SimulatorStats,
} from './simulator.ts';
export {
  createGt06Client,
  type AckEvent,
  type ClientStats,
  type Gt06Client,
  type Gt06ClientOptions,
  type SendEvent,
} from './gt06-client.ts';
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
