import { bearingDeg, haversineKm, type LatLon } from '../geo.ts';

/**
 * Below this step (km) two fixes are the same place: a parked vehicle's drift must not spin its
 * arrow, so the heading holds over it.
 */
export const HEADING_MIN_STEP_KM = 0.005;

/**
 * The direction of travel at each fix of a track, for a heading arrow (vehicle logs keep no
 * course): the bearing of the leg to the next fix that is a real step away; a fix with none after
 * it keeps the last heading, and fixes before the first step take that step's heading. A track
 * that never moves points north (0). Degrees [0, 360), rounded to whole degrees.
 */
export function trackHeadings(points: readonly LatLon[]): number[] {
  const headings = new Array<number>(points.length).fill(Number.NaN);
  let last = Number.NaN;
  for (let i = 0; i < points.length; i++) {
    const here = points[i] as LatLon;
    const next = points[i + 1];
    if (next && haversineKm(here, next) >= HEADING_MIN_STEP_KM) last = Math.round(bearingDeg(here, next)) % 360;
    headings[i] = last;
  }
  const first = headings.find((h) => !Number.isNaN(h)) ?? 0;
  return headings.map((h) => (Number.isNaN(h) ? first : h));
}
