import type { GeofencePoint } from './geofence.ts';

interface Xy {
  x: number;
  y: number;
}

/** The sign of the turn a → b → c: > 0 left, < 0 right, 0 collinear. */
function orient(a: Xy, b: Xy, c: Xy): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

/** Whether c, collinear with a and b, lies within their box (so on the segment a–b). */
function within(a: Xy, b: Xy, c: Xy): boolean {
  return (
    Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= c.y && c.y <= Math.max(a.y, b.y)
  );
}

/** Whether segments a–b and c–d meet at all: crossing, touching or overlapping. */
function segmentsMeet(a: Xy, b: Xy, c: Xy, d: Xy): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (
    (o1 === 0 && within(a, b, c)) ||
    (o2 === 0 && within(a, b, d)) ||
    (o3 === 0 && within(c, d, a)) ||
    (o4 === 0 && within(c, d, b))
  );
}

/** Two edges joined at `shared` fold back onto each other (a spike): collinear and turning back. */
function foldsBack(before: Xy, shared: Xy, after: Xy): boolean {
  if (orient(before, shared, after) !== 0) return false;
  return (before.x - shared.x) * (after.x - shared.x) + (before.y - shared.y) * (after.y - shared.y) > 0;
}

/** The corners as plane points (x = lng, y = lat), repeated neighbours and a closing repeat dropped. */
function corners(points: readonly GeofencePoint[]): Xy[] {
  const out: Xy[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || last.x !== p.lng || last.y !== p.lat) out.push({ x: p.lng, y: p.lat });
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first.x === last.x && first.y === last.y) out.pop();
  return out;
}

/**
 * Whether a zone's outline crosses or touches itself, the closing edge (last corner back to the
 * first) included: a bow-tie has no clear inside. Plane geometry on lng/lat is exact enough for
 * fences of a few kilometres; corners are compared as given, no tolerance. O(n²) over ≤1000 corners.
 */
export function polygonSelfCrosses(points: readonly GeofencePoint[]): boolean {
  const c = corners(points);
  const n = c.length;
  if (n < 3) return false;
  const at = (i: number): Xy => c[((i % n) + n) % n] as Xy;
  for (let i = 0; i < n; i += 1) {
    if (foldsBack(at(i - 1), at(i), at(i + 1))) return true;
    // Edge i joins corner i to i+1; its neighbours (i-1, i+1) share a corner and are checked above.
    for (let j = i + 2; j < n; j += 1) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(at(i), at(i + 1), at(j), at(j + 1))) return true;
    }
  }
  return false;
}
