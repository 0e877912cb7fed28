import { nextOdometer, type AcceptedFix } from '@jejak/domain';
import type { FittedState, Step } from '../types.ts';

/**
 * The vehicle's mileage after an accepted position: the device's own odometer when it reports
 * one, else the distance driven (only while a movement is under way: drift adds nothing).
 */
export function odometer(state: FittedState, step: Step, at: AcceptedFix): void {
  const reported = step.msg.attributes.odometer;
  const odometerM = typeof reported === 'number' ? reported : undefined;
  state.odometer = nextOdometer(state.odometer, at, odometerM, step.driving);
  state.vehicle.mileage = Math.round(state.odometer.mileageKm * 1000) / 1000;
}
