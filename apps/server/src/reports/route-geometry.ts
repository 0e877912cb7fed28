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

/** Km in one degree of latitude, on the spec's sphere of radius 6371 km. */
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

/** Twice the area of the triangle a–b–c: how much b bends the line. */
function bend(a: Pt, b: Pt, c: Pt): number {
  return Math.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y));
}

/** A binary min-heap of (key, index) pairs. */
class MinHeap {
  private keys: number[] = [];
  private items: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, item: number): void {
    this.keys.push(key);
    this.items.push(item);
    for (let i = this.keys.length - 1; i > 0;) {
      const up = (i - 1) >> 1;
      if ((this.keys[up] ?? 0) <= key) break;
      this.swap(i, up);
      i = up;
    }
  }

  /** The smallest pair, removed. */
  pop(): [number, number] {
    const top: [number, number] = [this.keys[0] ?? 0, this.items[0] ?? 0];
    const lastKey = this.keys.pop() ?? 0;
    const lastItem = this.items.pop() ?? 0;
    if (this.keys.length > 0) {
      this.keys[0] = lastKey;
      this.items[0] = lastItem;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < this.keys.length && (this.keys[l] ?? 0) < (this.keys[min] ?? 0)) min = l;
        if (r < this.keys.length && (this.keys[r] ?? 0) < (this.keys[min] ?? 0)) min = r;
        if (min === i) break;
        this.swap(i, min);
        i = min;
      }
    }
    return top;
  }

  private swap(i: number, j: number): void {
    [this.keys[i], this.keys[j]] = [this.keys[j] ?? 0, this.keys[i] ?? 0];
    [this.items[i], this.items[j]] = [this.items[j] ?? 0, this.items[i] ?? 0];
  }
}

/**
 * The polyline to draw, at most `maxPoints` points, first and last kept (Visvalingam–Whyatt):
 * the point that bends the line least goes first, again and again, until the cap is met and every
 * bend left is visible (a triangle of more than `tolerance`² units). O(n log n) whatever the track,
 * where Douglas–Peucker degrades to O(n²) on a vehicle going back and forth.
 */
export function simplifyPolyline(points: readonly Pt[], maxPoints: number, tolerance = 0.25): Pt[] {
  const n = points.length;
  if (n <= 2) return [...points];
  const prev = Int32Array.from({ length: n }, (_, i) => i - 1);
  const next = Int32Array.from({ length: n }, (_, i) => i + 1);
  const area = new Float64Array(n).fill(Infinity);
  const heap = new MinHeap();
  const weigh = (i: number) => {
    const [a, b, c] = [points[prev[i] ?? -1], points[i], points[next[i] ?? n]];
    if (!a || !b || !c) return;
    area[i] = bend(a, b, c) / 2;
    heap.push(area[i] ?? 0, i);
  };
  for (let i = 1; i < n - 1; i++) weigh(i);
  let left = n;
  while (heap.size > 0) {
    const [key, i] = heap.pop();
    if (key !== area[i]) continue; // removed, or re-weighed since
    if (left <= maxPoints && key > tolerance * tolerance) break;
    area[i] = NaN;
    const [p, q] = [prev[i] ?? 0, next[i] ?? 0];
    next[p] = q;
    prev[q] = p;
    left--;
    if (p > 0) weigh(p);
    if (q < n - 1) weigh(q);
  }
  const out: Pt[] = [];
  for (let i = 0; i < n; i = next[i] ?? n) {
    const p = points[i];
    if (p) out.push(p);
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
