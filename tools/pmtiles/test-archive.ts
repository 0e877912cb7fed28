import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { writeArchive, type ArchiveTile } from './write-archive.ts';

/*
 * A small archive of the Protomaps basemap layers (earth, water, landuse, roads, buildings,
 * places) over central Kuala Lumpur, for the map tests: a river, a park, a highway, two named
 * roads, a few buildings and the place name 'Kuala Lumpur'.
 */

const EXTENT = 4096;
/** Tiles cover this box at every zoom of the archive. */
export const TEST_ARCHIVE_BOUNDS = [101.66, 3.12, 101.74, 3.18] as const;
export const TEST_ARCHIVE_CENTRE: [number, number] = [101.7, 3.15];
export const TEST_ARCHIVE_ZOOMS = { min: 6, max: 14 } as const;
export const TEST_PLACE = 'Kuala Lumpur';
export const TEST_ROADS = { highway: 'Lebuhraya Mahameru', major: 'Jalan Tun Razak', minor: 'Jalan Ampang' } as const;

type Lonlat = [number, number];
type Geometry = { type: 1; at: Lonlat } | { type: 2; line: Lonlat[] } | { type: 3; ring: Lonlat[] };
interface SourceFeature {
  layer: string;
  minzoom: number;
  geometry: Geometry;
  props: Record<string, string | number>;
}

const box = (w: number, s: number, e: number, n: number): Lonlat[] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

const FEATURES: SourceFeature[] = [
  {
    layer: 'water',
    minzoom: 6,
    geometry: { type: 3, ring: box(101.69, 3.142, 101.72, 3.146) },
    props: { kind: 'river' },
  },
  {
    layer: 'landuse',
    minzoom: 6,
    geometry: { type: 3, ring: box(101.68, 3.152, 101.692, 3.165) },
    props: { kind: 'park' },
  },
  {
    layer: 'roads',
    minzoom: 6,
    geometry: {
      type: 2,
      line: [
        [101.665, 3.125],
        [101.7, 3.15],
        [101.735, 3.175],
      ],
    },
    props: { kind: 'highway', name: TEST_ROADS.highway },
  },
  {
    layer: 'roads',
    minzoom: 9,
    geometry: {
      type: 2,
      line: [
        [101.665, 3.16],
        [101.7, 3.158],
        [101.735, 3.156],
      ],
    },
    props: { kind: 'major_road', name: TEST_ROADS.major },
  },
  {
    layer: 'roads',
    minzoom: 11,
    geometry: {
      type: 2,
      line: [
        [101.705, 3.125],
        [101.707, 3.15],
        [101.71, 3.175],
      ],
    },
    props: { kind: 'minor_road', name: TEST_ROADS.minor },
  },
  ...[0, 1, 2].map((i): SourceFeature => ({
    layer: 'buildings',
    minzoom: 13,
    geometry: { type: 3, ring: box(101.712 + i * 0.002, 3.162, 101.7135 + i * 0.002, 3.1635) },
    props: { kind: 'building' },
  })),
  {
    layer: 'places',
    minzoom: 6,
    geometry: { type: 1, at: [101.695, 3.148] },
    props: { kind: 'locality', name: TEST_PLACE, population_rank: 11 },
  },
];

/** Web Mercator: a point's position in tile units (EXTENT a tile) at zoom z, from the tile's corner. */
function project([lon, lat]: Lonlat, z: number, x: number, y: number): [number, number] {
  const scale = 2 ** z * EXTENT;
  const sin = Math.sin((lat * Math.PI) / 180);
  const px = ((lon + 180) / 360) * scale;
  const py = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
  return [Math.round(px - x * EXTENT), Math.round(py - y * EXTENT)];
}

const BUFFER = 256;
type Point = [number, number];

/**
 * A line cut to the tile and a small margin (Liang-Barsky, segment by segment): MapLibre clamps
 * coordinates far outside a tile, which would bend a long road.
 */
function clipLine(line: Point[]): Point[][] {
  const lo = -BUFFER;
  const hi = EXTENT + BUFFER;
  const parts: Point[][] = [];
  let current: Point[] = [];
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1] as Point;
    const [x1, y1] = line[i] as Point;
    const dx = x1 - x0;
    const dy = y1 - y0;
    let t0 = 0;
    let t1 = 1;
    let inside = true;
    for (const [p, q] of [
      [-dx, x0 - lo],
      [dx, hi - x0],
      [-dy, y0 - lo],
      [dy, hi - y0],
    ] as const) {
      if (p === 0) {
        if (q < 0) inside = false;
        continue;
      }
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
    }
    if (!inside || t0 > t1) {
      if (current.length > 1) parts.push(current);
      current = [];
      continue;
    }
    const a: Point = [Math.round(x0 + t0 * dx), Math.round(y0 + t0 * dy)];
    const b: Point = [Math.round(x0 + t1 * dx), Math.round(y0 + t1 * dy)];
    if (current.length === 0) current.push(a);
    current.push(b);
    if (t1 < 1) {
      parts.push(current);
      current = [];
    }
  }
  if (current.length > 1) parts.push(current);
  return parts;
}

function tileOf([lon, lat]: Lonlat, z: number): [number, number] {
  const [px, py] = project([lon, lat], z, 0, 0);
  return [Math.floor(px / EXTENT), Math.floor(py / EXTENT)];
}

function encodeTile(z: number, x: number, y: number): Uint8Array {
  const layers: Record<string, { features: unknown[] }> = {};
  const add = (layer: string, feature: unknown) => (layers[layer] ??= { features: [] }).features.push(feature);
  // The whole tile (and a margin) is land.
  const margin = EXTENT / 8;
  add('earth', {
    type: 3,
    tags: { kind: 'earth' },
    geometry: [
      [
        [-margin, -margin],
        [EXTENT + margin, -margin],
        [EXTENT + margin, EXTENT + margin],
        [-margin, EXTENT + margin],
        [-margin, -margin],
      ],
    ],
  });
  for (const f of FEATURES) {
    if (z < f.minzoom) continue;
    const p = (point: Lonlat) => project(point, z, x, y);
    const g = f.geometry;
    const geometry = g.type === 1 ? [p(g.at)] : g.type === 2 ? clipLine(g.line.map(p)) : [g.ring.map(p)];
    if (geometry.length > 0) add(f.layer, { type: g.type, tags: f.props, geometry });
  }
  const tiles = Object.fromEntries(
    Object.entries(layers).map(([name, layer]) => [name, { ...layer, transformed: true, source: null, x, y, z }]),
  );
  return fromGeojsonVt(tiles as Parameters<typeof fromGeojsonVt>[0], { version: 2, extent: EXTENT });
}

/** The archive's bytes: every tile over TEST_ARCHIVE_BOUNDS from the min to the max zoom. */
export function testArchive(): Buffer {
  const [west, south, east, north] = TEST_ARCHIVE_BOUNDS;
  const tiles: ArchiveTile[] = [];
  for (let z = TEST_ARCHIVE_ZOOMS.min; z <= TEST_ARCHIVE_ZOOMS.max; z++) {
    const [x0, y0] = tileOf([west, north], z);
    const [x1, y1] = tileOf([east, south], z);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z, x, y, data: encodeTile(z, x, y) });
  }
  const layer = (id: string) => ({ id, fields: {} });
  return writeArchive({
    tiles,
    bounds: TEST_ARCHIVE_BOUNDS,
    center: [...TEST_ARCHIVE_CENTRE, 12],
    metadata: {
      name: 'Jejak test archive',
      attribution: 'Jejak test data',
      vector_layers: ['earth', 'water', 'landuse', 'roads', 'buildings', 'places'].map(layer),
    },
  });
}
