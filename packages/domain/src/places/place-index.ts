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

const CELL_DEG = 0.1;
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
 * A grid of 0.1° cells (about 11 km) built once over the rows. A lookup reads rings of cells
 * around the point, nearest first, and stops as soon as every unread cell is further away than
 * the best place found (or than `maxKm`): in a town-dense valley that is the 3 × 3 cells around
 * the point, a few dozen distance sums; it runs for every stored fix.
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
      const row0 = latCell(lat);
      const col0 = lonCell(lon);
      let best: NearestPlace | null = null;
      const scan = (r: number, c: number) => {
        if (r < 0 || r >= LAT_CELLS) return;
        const cell = cells.get(r * LON_CELLS + (((c % LON_CELLS) + LON_CELLS) % LON_CELLS));
        if (!cell) return;
        for (const place of cell) {
          const km = approxKm(lat, lon, place);
          if (km <= maxKm && (best === null || km < best.km)) best = { place, km };
        }
      };
      const maxRing = Math.floor(LON_CELLS / 2);
      for (let ring = 0; ring <= maxRing; ring++) {
        if (ring === 0) scan(row0, col0);
        else
          for (let d = -ring; d <= ring; d++) {
            scan(row0 - ring, col0 + d);
            scan(row0 + ring, col0 + d);
            if (d !== -ring && d !== ring) {
              scan(row0 + d, col0 - ring);
              scan(row0 + d, col0 + ring);
            }
          }
        // Every unread cell lies at least `ring` whole cells away; columns narrow towards the poles.
        const edgeLat = Math.min(89.9, Math.abs(lat) + (ring + 1) * CELL_DEG);
        const coveredKm = ring * CELL_DEG * KM_PER_DEG * Math.cos(toRad(edgeLat));
        const found = best as NearestPlace | null;
        if ((found !== null && found.km <= coveredKm) || coveredKm >= maxKm) break;
      }
      return best;
    },
  };
}
