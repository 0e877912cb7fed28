import { EARTH_RADIUS_KM } from '../geo.ts';

/** One place: name, longitude, latitude (WGS 84 degrees, 4 decimals ≈ 11 m), region name. */
export type PlaceRow = [name: string, lon: number, lat: number, region: string];

export interface NearestPlace {
  place: PlaceRow;
  km: number;
}

export interface PlaceIndex {
  /** The closest place no further than `maxKm`, or null. */
  nearest(lat: number, lon: number, maxKm: number): NearestPlace | null;
}

const CELL_DEG = 0.5;
const KM_PER_DEG = (Math.PI / 180) * EARTH_RADIUS_KM;
const LAT_CELLS = Math.ceil(180 / CELL_DEG) + 1;
const LON_CELLS = Math.ceil(360 / CELL_DEG);
const toRad = (deg: number) => (deg * Math.PI) / 180;

const latCell = (lat: number) => Math.floor((lat + 90) / CELL_DEG);
const lonCell = (lon: number) => ((Math.floor((lon + 180) / CELL_DEG) % LON_CELLS) + LON_CELLS) % LON_CELLS;

/**
 * Equirectangular distance: within the 100 km this index is asked about it differs from the
 * great circle by far less than the 11 m the rows are rounded to, at a fraction of the cost.
 */
function approxKm(lat: number, lon: number, place: PlaceRow): number {
  let dLon = Math.abs(place[1] - lon);
  if (dLon > 180) dLon = 360 - dLon;
  const x = dLon * Math.cos(toRad((lat + place[2]) / 2));
  return KM_PER_DEG * Math.hypot(x, place[2] - lat);
}

/**
 * A grid of 0.5° cells (about 55 km) built once over the rows: a lookup reads only the cells
 * within `maxKm` of the point, so it costs a few dozen distance sums, not one per place.
 */
export function createPlaceIndex(rows: readonly PlaceRow[]): PlaceIndex {
  const cells = new Map<number, PlaceRow[]>();
  for (const row of rows) {
    const key = latCell(row[2]) * LON_CELLS + lonCell(row[1]);
    const cell = cells.get(key);
    if (cell) cell.push(row);
    else cells.set(key, [row]);
  }

  return {
    nearest(lat, lon, maxKm) {
      const latSpan = Math.ceil(maxKm / KM_PER_DEG / CELL_DEG);
      // Columns narrow towards the poles: widen the search by the band's smallest cosine.
      const edgeLat = Math.min(89.9, Math.abs(lat) + (latSpan + 1) * CELL_DEG);
      const lonSpan = Math.min(
        Math.floor(LON_CELLS / 2),
        Math.ceil(maxKm / (KM_PER_DEG * Math.cos(toRad(edgeLat))) / CELL_DEG),
      );
      const row0 = latCell(lat);
      const col0 = lonCell(lon);
      let best: NearestPlace | null = null;
      for (let r = Math.max(0, row0 - latSpan); r <= Math.min(LAT_CELLS - 1, row0 + latSpan); r++) {
        for (let dc = -lonSpan; dc <= lonSpan; dc++) {
          const cell = cells.get(r * LON_CELLS + ((((col0 + dc) % LON_CELLS) + LON_CELLS) % LON_CELLS));
          if (!cell) continue;
          for (const place of cell) {
            const km = approxKm(lat, lon, place);
            if (km <= maxKm && (best === null || km < best.km)) best = { place, km };
          }
        }
      }
      return best;
    },
  };
}
