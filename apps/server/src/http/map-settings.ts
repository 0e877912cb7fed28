import { API_BASE, MAP_PMTILES_PATH, type MapBasemap, type MapConfigResponse, type MapOverlay } from '@jejak/contract';
import { openMapArchive, type MapArchive } from './map-archive.ts';

export interface MapKeys {
  JEJAK_MAP_STYLE_URL: string;
  JEJAK_MAP_DARK_STYLE_URL: string;
  JEJAK_MAP_RASTER_TILES?: string | undefined;
  JEJAK_MAP_RASTER_ATTRIBUTION: string;
  JEJAK_MAP_TRAFFIC_TILES?: string | undefined;
  JEJAK_MAP_TRAFFIC_ATTRIBUTION: string;
  JEJAK_MAP_ORIGINS: readonly string[];
  JEJAK_MAP_PMTILES?: string | undefined;
}

export interface MapSettings {
  /** What GET /api/map/config answers. */
  config: MapConfigResponse;
  /** Other origins the console's map loads from: the Content-Security-Policy lets them in. */
  origins: string[];
  /** The PMTiles archive the server serves itself, when one is configured. */
  archive: MapArchive | null;
}

/** The origin of a URL or a tile template ({z}/{x}/{y} placeholders are not part of it). */
function originOf(url: string): string {
  return new URL(url.replace(/\{[a-z]\}/g, '0')).origin;
}

const styleOrOffline = (url: string): MapBasemap => (url === 'offline' ? { kind: 'offline' } : { kind: 'style', url });

/**
 * The console's basemap from the settings (docs/config.md): the site's PMTiles archive when
 * named (both schemes, the console styles it light or dark), else raster tiles when named, else the
 * style URL, or the bundled offline map for 'offline'; the traffic overlay when named. The dark
 * scheme's basemap: the same raster tiles, the offline map (in dark) when the street map is off,
 * else the dark style URL.
 */
export function mapSettings(keys: MapKeys): MapSettings {
  const archive = keys.JEJAK_MAP_PMTILES ? openMapArchive(keys.JEJAK_MAP_PMTILES) : null;
  const basemap: MapBasemap = archive
    ? { kind: 'pmtiles', url: `${API_BASE}${MAP_PMTILES_PATH}`, maxzoom: archive.maxzoom }
    : keys.JEJAK_MAP_RASTER_TILES
      ? { kind: 'raster', tiles: keys.JEJAK_MAP_RASTER_TILES, attribution: keys.JEJAK_MAP_RASTER_ATTRIBUTION }
      : styleOrOffline(keys.JEJAK_MAP_STYLE_URL);
  const darkBasemap: MapBasemap = basemap.kind === 'style' ? styleOrOffline(keys.JEJAK_MAP_DARK_STYLE_URL) : basemap;
  const traffic: MapOverlay | null = keys.JEJAK_MAP_TRAFFIC_TILES
    ? { tiles: keys.JEJAK_MAP_TRAFFIC_TILES, attribution: keys.JEJAK_MAP_TRAFFIC_ATTRIBUTION }
    : null;
  const urlOf = (b: MapBasemap) => (b.kind === 'style' ? [b.url] : b.kind === 'raster' ? [b.tiles] : []);
  const urls = [...urlOf(basemap), ...urlOf(darkBasemap), ...(traffic ? [traffic.tiles] : [])];
  const origins = [...new Set([...urls.map(originOf), ...keys.JEJAK_MAP_ORIGINS])];
  return { config: { status: 200, basemap, darkBasemap, traffic }, origins, archive };
}
