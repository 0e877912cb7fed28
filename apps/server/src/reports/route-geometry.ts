import type { LatLon } from '@jejak/domain';

/* Pure geometry of the Transit PDF's route drawing: positions into a box, and a bounded polyline. */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Pt {
  x: number;
  y: number;
}

/** Km in one degree of latitude (great circle of radius 6371 km, spec 1 §8). */
const KM_PER_DEGREE = (6371 * Math.PI) / 180;

export interface BoxFit {
  project: (p: LatLon) => Pt;
  /** Ground distance one unit of the box stands for, for a scale bar. */
  kmPerUnit: number;
}

/**
 * Fits positions into a box, `pad` units inside its edges: an equirectangular projection whose
 * longitudes shrink by cos(mid latitude) so the route keeps its shape, scaled alike on both axes
 * and centred, north up. Null without positions. One position (or one spot) sits in the middle.
 */
export function fitToBox(points: readonly LatLon[], box: Box, pad: number): BoxFit | null {
  if (points.length === 0) return null;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const p of points) {
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
    minLon = Math.min(minLon, p.lon);
    maxLon = Math.max(maxLon, p.lon);
  }
  const cosLat = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  // Degrees of latitude across the drawing, at least ~110 m so a standing vehicle is not blown up.
  const spanX = Math.max((maxLon - minLon) * cosLat, 0.001);
  const spanY = Math.max(maxLat - minLat, 0.001);
  const innerW = Math.max(box.width - 2 * pad, 1);
  const innerH = Math.max(box.height - 2 * pad, 1);
  const scale = Math.min(innerW / spanX, innerH / spanY);
  const midX = ((minLon + maxLon) / 2) * cosLat;
  const midY = (minLat + maxLat) / 2;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return {
    project: (p) => ({ x: cx + (p.lon * cosLat - midX) * scale, y: cy - (p.lat - midY) * scale }),
    kmPerUnit: KM_PER_DEGREE / scale,
  };
}

/** Distance of p from the segment a–b. */
function offSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Douglas–Peucker with a tolerance, iterative (a long track would overflow the stack). */
function douglasPeucker(points: readonly Pt[], tolerance: number): Pt[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  for (let span = stack.pop(); span; span = stack.pop()) {
    const [from, to] = span;
    const a = points[from];
    const b = points[to];
    if (!a || !b) continue;
    let worst = -1;
    let worstAt = -1;
    for (let i = from + 1; i < to; i++) {
      const d = offSegment(points[i] ?? a, a, b);
      if (d > worst) [worst, worstAt] = [d, i];
    }
    if (worst > tolerance) {
      keep[worstAt] = 1;
      stack.push([from, worstAt], [worstAt, to]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * The polyline to draw, at most `maxPoints` points, first and last kept: points closer than a
 * quarter unit to the line are dropped (invisible at print size); if that leaves too many, the
 * tolerance doubles until it does not.
 */
export function simplifyPolyline(points: readonly Pt[], maxPoints: number): Pt[] {
  if (points.length <= 2) return [...points];
  let tolerance = 0.25;
  let out = douglasPeucker(points, tolerance);
  while (out.length > maxPoints) {
    tolerance *= 2;
    out = douglasPeucker(out, tolerance);
  }
  return out;
}

/** A round length for a scale bar at most `maxKm` long: 1, 2 or 5 times a power of ten. */
export function roundScaleKm(maxKm: number): number {
  if (!(maxKm > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(maxKm));
  for (const step of [5, 2, 1]) if (step * power <= maxKm) return step * power;
  return power;
}
