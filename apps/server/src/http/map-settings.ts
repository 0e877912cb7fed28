import type { MapBasemap, MapConfigResponse, MapOverlay } from '@jejak/contract';

export interface MapKeys {
  JEJAK_MAP_STYLE_URL: string;
  JEJAK_MAP_DARK_STYLE_URL: string;
  JEJAK_MAP_RASTER_TILES?: string | undefined;
  JEJAK_MAP_RASTER_ATTRIBUTION: string;
  JEJAK_MAP_TRAFFIC_TILES?: string | undefined;
  JEJAK_MAP_TRAFFIC_ATTRIBUTION: string;
  JEJAK_MAP_ORIGINS: readonly string[];
}

export interface MapSettings {
  /** What GET /api/map/config answers. */
  config: MapConfigResponse;
  /** Other origins the console's map loads from: the Content-Security-Policy lets them in. */
  origins: string[];
}

/** The origin of a URL or a tile template ({z}/{x}/{y} placeholders are not part of it). */
function originOf(url: string): string {
  return new URL(url.replace(/\{[a-z]\}/g, '0')).origin;
}

const styleOrOffline = (url: string): MapBasemap => (url === 'offline' ? { kind: 'offline' } : { kind: 'style', url });

/**
 * The console's basemap from the settings (docs/config.md): raster tiles when named, else the
 * style URL, or the bundled offline map for 'offline'; the traffic overlay when named. The dark
 * scheme's basemap: the same raster tiles, the offline map (in dark) when the street map is off,
 * else the dark style URL.
 */
export function mapSettings(keys: MapKeys): MapSettings {
  const basemap: MapBasemap = keys.JEJAK_MAP_RASTER_TILES
    ? { kind: 'raster', tiles: keys.JEJAK_MAP_RASTER_TILES, attribution: keys.JEJAK_MAP_RASTER_ATTRIBUTION }
    : styleOrOffline(keys.JEJAK_MAP_STYLE_URL);
  const darkBasemap: MapBasemap = basemap.kind === 'style' ? styleOrOffline(keys.JEJAK_MAP_DARK_STYLE_URL) : basemap;
  const traffic: MapOverlay | null = keys.JEJAK_MAP_TRAFFIC_TILES
    ? { tiles: keys.JEJAK_MAP_TRAFFIC_TILES, attribution: keys.JEJAK_MAP_TRAFFIC_ATTRIBUTION }
    : null;
  const urlOf = (b: MapBasemap) => (b.kind === 'style' ? [b.url] : b.kind === 'raster' ? [b.tiles] : []);
  const urls = [...urlOf(basemap), ...urlOf(darkBasemap), ...(traffic ? [traffic.tiles] : [])];
  const origins = [...new Set([...urls.map(originOf), ...keys.JEJAK_MAP_ORIGINS])];
  return { config: { status: 200, basemap, darkBasemap, traffic }, origins };
}
