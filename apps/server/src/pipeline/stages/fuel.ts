import { readFuel, stepVehicleFuel } from '@jejak/domain';
import type { DeviceState, Step, StepContext } from '../types.ts';

const round2 = (litres: number | null) => (litres === null ? null : Math.round(litres * 100) / 100);

/**
 * Fuel litres of one message from the vehicle's tank settings (packages/domain/src/fuel): the
 * reading for its device-log row, and the steady level whose falls are a transit record's fuel
 * burnt. The level tracker takes readings in time order and skips older ones; a device clock far
 * ahead of ours would make it skip every later reading, so such a message gives its litres only.
 */
export function fuel(state: DeviceState, step: Step, ctx: StepContext): void {
  const profile = state.vehicle?.fuelProfile;
  if (!profile) return;
  const { msg, log } = step;
  const deviceTimeMs = log.deviceTime;
  if (deviceTimeMs > ctx.receivedAtMs + ctx.filter.maxFutureMs) {
    log.fuel = round2(readFuel(profile, msg.attributes).readingL);
    return;
  }
  const tanks = stepVehicleFuel(state.fuel, { timeMs: deviceTimeMs, attributes: msg.attributes }, profile);
  state.fuel = tanks.state;
  log.fuel = round2(tanks.readingL);
  step.fuelL = tanks.steadyL ?? undefined;
}
