import { readFuel, stepVehicleFuel } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { DeviceState, StepContext } from './device-state.ts';

export interface FuelOfMessage {
  /** Litres in all the vehicle's tanks by this message's readings (the device log's `fuel`). */
  readingL: number | null;
  /** The steady litres in the tanks, whose falls are the fuel burnt of transit records. */
  levelL: number | undefined;
}

const round2 = (litres: number | null) => (litres === null ? null : Math.round(litres * 100) / 100);

/**
 * Fuel litres of one message from the vehicle's tank settings (packages/domain/src/fuel). The
 * level tracker takes readings in time order and skips older ones; a device clock far ahead of
 * ours would make it skip every later reading, so such a message gives its litres only.
 */
export function applyFuel(
  state: DeviceState,
  msg: NormalizedMessage,
  deviceTimeMs: number,
  ctx: StepContext,
): FuelOfMessage {
  const profile = state.vehicle?.fuelProfile;
  if (!profile) return { readingL: null, levelL: undefined };
  if (deviceTimeMs > ctx.receivedAtMs + ctx.filter.maxFutureMs)
    return { readingL: round2(readFuel(profile, msg.attributes).readingL), levelL: undefined };
  const step = stepVehicleFuel(state.fuel, { timeMs: deviceTimeMs, attributes: msg.attributes }, profile);
  state.fuel = step.state;
  return { readingL: round2(step.readingL), levelL: step.steadyL ?? undefined };
}
