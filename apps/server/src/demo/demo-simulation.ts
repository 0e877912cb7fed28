import type { SimulatorDevice, SimulatorOptions } from '@jejak/simulator';
import { DEMO_BURN_LITRES_PER_100KM, DEMO_VEHICLES, demoFuelProfile, demoImei } from './demo-fleet.ts';
import { DEMO_SOS_EVERY_MS, DEMO_SOS_VEHICLE, DEMO_SPEEDER_CRUISE_FACTOR, DEMO_SPEEDER_VEHICLE } from './demo-rules.ts';

export interface DemoSimulationOptions {
  host: string;
  gt06Port: number;
  /** Undefined when the Teltonika listener is off: the fuel trackers then stay silent. */
  teltonikaPort: number | undefined;
  /** Device time between fixes. */
  intervalMs: number;
  /** Tests run the demo's day faster than the wall clock, from a start in the past. */
  speedFactor?: number;
  startTimeMs?: number;
  heartbeatEveryMs?: number;
  maxFixesPerDevice?: number;
}

/**
 * How the demo fleet is driven: one GT06 simulator for the vehicles without a fuel sensor (with
 * the SOS presser and the speeder of demo-rules.ts) and one Teltonika simulator for those with
 * one, whose tanks burn fuel while driving and see a refuel a few minutes after start and a
 * drain some minutes later, each hour again (simulator's fuel-gauge.ts). Each vehicle keeps the
 * route of its place in the fleet (seed index + 1), whichever protocol carries it. Options only:
 * the caller loads the simulator, which the server does not load unless the demo runs.
 */
export function demoSimulations(o: DemoSimulationOptions): SimulatorOptions[] {
  const gt06: SimulatorDevice[] = [];
  const teltonika: SimulatorDevice[] = [];
  DEMO_VEHICLES.forEach((v, i) => {
    const device: SimulatorDevice = {
      imei: demoImei(i),
      seed: i + 1,
      ...(i === DEMO_SOS_VEHICLE ? { sosEveryMs: DEMO_SOS_EVERY_MS } : {}),
      ...(i === DEMO_SPEEDER_VEHICLE ? { cruiseFactor: DEMO_SPEEDER_CRUISE_FACTOR } : {}),
    };
    const tank = demoFuelProfile(v.type).fuel;
    if (!v.fuelSensor || !tank) gt06.push(device);
    else teltonika.push({ ...device, fuel: { tank, litresPer100Km: DEMO_BURN_LITRES_PER_100KM[v.type] ?? 10 } });
  });
  const common = {
    host: o.host,
    intervalMs: o.intervalMs,
    ...(o.speedFactor !== undefined ? { speedFactor: o.speedFactor } : {}),
    ...(o.startTimeMs !== undefined ? { startTimeMs: o.startTimeMs } : {}),
    ...(o.heartbeatEveryMs !== undefined ? { heartbeatEveryMs: o.heartbeatEveryMs } : {}),
    ...(o.maxFixesPerDevice !== undefined ? { maxFixesPerDevice: o.maxFixesPerDevice } : {}),
  };
  const simulations: SimulatorOptions[] = [{ ...common, port: o.gt06Port, devices: gt06 }];
  if (o.teltonikaPort !== undefined && teltonika.length > 0)
    simulations.push({ ...common, port: o.teltonikaPort, devices: teltonika, protocol: 'teltonika' });
  return simulations;
}
