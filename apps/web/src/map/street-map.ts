import type { MapBasemap } from '@jejak/contract';
import type { StyleSpecification } from 'maplibre-gl';

/** The street map's style: the configured style document, or a style around raster tiles. */
export function streetStyle(basemap: Extract<MapBasemap, { kind: 'style' | 'raster' }>): string | StyleSpecification {
  if (basemap.kind === 'style') return basemap.url;
  return {
    version: 8,
    sources: {
      'street-raster': {
        type: 'raster',
        tiles: [basemap.tiles],
        tileSize: 256,
        maxzoom: 19,
        attribution: basemap.attribution,
      },
    },
    layers: [{ id: 'street-raster', type: 'raster', source: 'street-raster' }],
  };
}

/** Tile errors with no tile loaded yet after which the street map counts as unreachable. */
export const TILE_ERRORS_BEFORE_FALLBACK = 2;
/** How long the street style may take to load before the offline map takes its place. */
export const STREET_STYLE_TIMEOUT_MS = 10_000;

export type StreetSignal = 'styleLoaded' | 'styleError' | 'tileLoaded' | 'tileError' | 'timeout';

export interface StreetWatch {
  styleLoaded: boolean;
  tilesLoaded: number;
  tileErrors: number;
}

export const NEW_STREET_WATCH: StreetWatch = { styleLoaded: false, tilesLoaded: 0, tileErrors: 0 };

/**
 * Whether the street map has failed (the browser is offline, or the host is blocked or down):
 * its style did not load, or in time, or its tiles fail before any has loaded. Once a tile has
 * loaded, later errors (a tile missing at one zoom) keep the street map.
 */
export function stepStreetWatch(w: StreetWatch, signal: StreetSignal): { watch: StreetWatch; fallBack: boolean } {
  switch (signal) {
    case 'styleLoaded':
      return { watch: { ...w, styleLoaded: true }, fallBack: false };
    case 'tileLoaded':
      return { watch: { ...w, tilesLoaded: w.tilesLoaded + 1 }, fallBack: false };
    case 'styleError':
      return { watch: w, fallBack: !w.styleLoaded };
    case 'timeout':
      return { watch: w, fallBack: !w.styleLoaded };
    case 'tileError': {
      const watch = { ...w, tileErrors: w.tileErrors + 1 };
      return { watch, fallBack: w.tilesLoaded === 0 && watch.tileErrors >= TILE_ERRORS_BEFORE_FALLBACK };
    }
  }
}
