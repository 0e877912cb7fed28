import { z } from 'zod';

/*
 * The console's basemap (issue 14 item 1): a street map from a public vector style by default,
 * or a MapLibre style or raster tiles the operator names, with a live-traffic tile overlay when
 * one is configured. The console falls back to the bundled offline basemap by itself when the
 * street map cannot be loaded, and says so.
 */

export const MAP_CONFIG_PATH = '/map/config';
/** The operator's PMTiles archive (JEJAK_MAP_PMTILES), served with range requests under /api. */
export const MAP_PMTILES_PATH = '/map/basemap.pmtiles';

/** OpenFreeMap's Liberty style: OpenStreetMap data, no key, attribution in the style. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** OpenFreeMap's Dark style: the street map of the console's dark scheme. */
export const DEFAULT_MAP_DARK_STYLE_URL = 'https://tiles.openfreemap.org/styles/dark';
/** JEJAK_MAP_STYLE_URL=offline keeps the bundled basemap only (no request leaves the site). */
export const OFFLINE_MAP_STYLE = 'offline';
export const DEFAULT_RASTER_ATTRIBUTION = '© OpenStreetMap contributors';

export const MapBasemapSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offline') }),
  /** A MapLibre style document's URL. */
  z.object({ kind: z.literal('style'), url: z.string() }),
  /** A raster tile URL template with {z}, {x} and {y}. */
  z.object({ kind: z.literal('raster'), tiles: z.string(), attribution: z.string() }),
  /**
   * The site's own PMTiles archive of the Protomaps basemap layers (ADR 0075): its address on
   * this server and the highest zoom it holds tiles for.
   */
  z.object({ kind: z.literal('pmtiles'), url: z.string(), maxzoom: z.number().int().min(0).max(24) }),
]);
export type MapBasemap = z.infer<typeof MapBasemapSchema>;

/**
 * How far the console may zoom on each basemap (issue 26 item 7): past it a basemap draws
 * nothing more, so "View On Map" stops there. Natural Earth's coastline holds no more detail
 * than this; vector tiles are drawn sharp this many zooms past the archive's highest one.
 */
export const MAP_MAX_ZOOM = { offline: 12, pmtilesOverzoom: 5, raster: 19, style: 22 } as const;

export function basemapMaxZoom(basemap: MapBasemap): number {
  switch (basemap.kind) {
    case 'offline':
      return MAP_MAX_ZOOM.offline;
    case 'pmtiles':
      return Math.min(basemap.maxzoom + MAP_MAX_ZOOM.pmtilesOverzoom, MAP_MAX_ZOOM.style);
    case 'raster':
      return MAP_MAX_ZOOM.raster;
    case 'style':
      return MAP_MAX_ZOOM.style;
  }
}

export const MapOverlaySchema = z.object({ tiles: z.string(), attribution: z.string() });
export type MapOverlay = z.infer<typeof MapOverlaySchema>;

export const MapConfigResponseSchema = z.object({
  status: z.literal(200),
  basemap: MapBasemapSchema,
  /** The basemap of the console's dark scheme (a dark street style, or the offline map in dark). */
  darkBasemap: MapBasemapSchema,
  /** The live-traffic tiles; null hides the toggle. */
  traffic: MapOverlaySchema.nullable(),
});
export type MapConfigResponse = z.infer<typeof MapConfigResponseSchema>;

export const MAP_TEXTS = {
  fallback: 'Street map unavailable: showing the offline map.',
  traffic: 'Live traffic',
} as const;
