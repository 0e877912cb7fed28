import type { TransitStatus } from '../transit.ts';
import type { MotionPoint } from './segmenter.ts';

/* Synthetic tracks for the motion tests. */

export const T0 = Date.UTC(2026, 10, 21, 0, 0, 0); // 08:00 in Kuala Lumpur
export const MIN = 60_000;

/** A track from [status, minutes, km] legs: one point a minute, odometer and fuel advancing. */
export function track(legs: [TransitStatus, number, number][]): MotionPoint[] {
  const points: MotionPoint[] = [];
  let t = T0;
  let km = 1000;
  let fuel = 80;
  for (const [status, minutes, distance] of legs) {
    for (let i = 0; i < minutes; i++) {
      const speed = distance > 0 ? (distance / minutes) * 60 : 0;
      points.push({ timeMs: t, lat: 3 + km / 1000, lon: 101.5, speedKmh: speed, status, mileageKm: km, fuelL: fuel });
      t += MIN;
      km += distance / minutes;
      fuel -= status === 'MOVING' ? (distance / minutes) * 0.1 : status === 'IDLING' ? 0.02 : 0;
    }
  }
  points.push({
    timeMs: t,
    lat: 3 + km / 1000,
    lon: 101.5,
    speedKmh: 0,
    status: 'PARKING',
    mileageKm: km,
    fuelL: fuel,
  });
  return points;
}
