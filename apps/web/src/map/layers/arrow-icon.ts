/**
 * The vehicle arrow as a signed-distance-field image, so one icon serves every status
 * colour (`icon-color`) and gets a halo. Drawn with plain arithmetic rather than a canvas:
 * the same pixels in the browser and in unit tests.
 */
export interface ArrowImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The arrow outline in unit coordinates, pointing north (up), with room for the halo. */
const ARROW_OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [0.5, 0.12],
  [0.82, 0.86],
  [0.5, 0.68],
  [0.18, 0.86],
];

/**
 * MapLibre's SDF convention (as tiny-sdf writes it): alpha = 255·(0.75 − d/8) for a signed
 * distance d in pixels, so the edge sits at alpha 192 and the field fades out 6 px outside.
 */
const SDF_EDGE = 0.75;
const SDF_RADIUS_PX = 8;

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function signedDistance(px: number, py: number, polygon: ReadonlyArray<readonly [number, number]>): number {
  let inside = false;
  let nearest = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [ax, ay] = polygon[i] ?? [0, 0];
    const [bx, by] = polygon[j] ?? [0, 0];
    if (ay > py !== by > py && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
    nearest = Math.min(nearest, distanceToSegment(px, py, ax, ay, bx, by));
  }
  return inside ? -nearest : nearest;
}

/** A `size`×`size` RGBA image whose alpha channel is the arrow's distance field. */
export function arrowSdfImage(size: number): ArrowImage {
  const polygon = ARROW_OUTLINE.map(([x, y]) => [x * size, y * size] as const);
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = signedDistance(x + 0.5, y + 0.5, polygon);
      data[(y * size + x) * 4 + 3] = Math.round(255 * (SDF_EDGE - distance / SDF_RADIUS_PX));
    }
  }
  return { width: size, height: size, data };
}
