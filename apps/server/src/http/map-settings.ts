import type { MapBasemap, MapConfigResponse, MapOverlay } from '@jejak/contract';

export interface MapKeys {
  JEJAK_MAP_STYLE_URL: string;
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

/**
 * The console's basemap from the settings (docs/config.md): raster tiles when named, else the
 * style URL, or the bundled offline map for 'offline'; the traffic overlay when named.
 */
export function mapSettings(keys: MapKeys): MapSettings {
  const basemap: MapBasemap = keys.JEJAK_MAP_RASTER_TILES
    ? { kind: 'raster', tiles: keys.JEJAK_MAP_RASTER_TILES, attribution: keys.JEJAK_MAP_RASTER_ATTRIBUTION }
    : keys.JEJAK_MAP_STYLE_URL === 'offline'
      ? { kind: 'offline' }
      : { kind: 'style', url: keys.JEJAK_MAP_STYLE_URL };
  const traffic: MapOverlay | null = keys.JEJAK_MAP_TRAFFIC_TILES
    ? { tiles: keys.JEJAK_MAP_TRAFFIC_TILES, attribution: keys.JEJAK_MAP_TRAFFIC_ATTRIBUTION }
    : null;
  const urls = [
    ...(basemap.kind === 'style' ? [basemap.url] : basemap.kind === 'raster' ? [basemap.tiles] : []),
    ...(traffic ? [traffic.tiles] : []),
  ];
  const origins = [...new Set([...urls.map(originOf), ...keys.JEJAK_MAP_ORIGINS])];
  return { config: { status: 200, basemap, traffic }, origins };
}
