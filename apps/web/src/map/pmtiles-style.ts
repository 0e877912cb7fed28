import type { MapBasemap } from '@jejak/contract';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { offlineStyle, type BasemapPalette } from './basemap.ts';

/**
 * The street map from the site's own PMTiles archive (ADR 0075): the Protomaps basemap layers
 * (earth, water, landuse, roads, buildings, boundaries, places) drawn over the bundled offline
 * map, which still shows the world beyond the archive's extract. Light and dark palettes follow
 * the offline map's (basemap.ts). The style names no glyphs: MapLibre draws the labels with the
 * browser's own fonts, so nothing is asked of another host.
 */

type StreetsBasemap = Extract<MapBasemap, { kind: 'pmtiles' }>;

const PALETTES = {
  light: {
    earth: '#eeebe3',
    water: '#bcd6e6',
    park: '#d9e8cc',
    building: '#e4dfd5',
    casing: '#d3cbbd',
    highway: '#f6c97f',
    highwayCasing: '#d8a254',
    major: '#ffffff',
    minor: '#ffffff',
    path: '#c9c1b3',
    boundary: '#b3a995',
    text: '#333333',
    roadText: '#5b5b5b',
    halo: '#ffffff',
  },
  dark: {
    earth: '#2f343c',
    water: '#0d1824',
    park: '#27352c',
    building: '#3b4049',
    casing: '#1c1f24',
    highway: '#8a6d3c',
    highwayCasing: '#1c1f24',
    major: '#555c67',
    minor: '#474d57',
    path: '#4a505a',
    boundary: '#5a5f68',
    text: '#dde1e6',
    roadText: '#b4bac2',
    halo: '#15181d',
  },
} as const;

/** The streets style's name for each palette (tests read it through map.getStyle().name). */
export const STREETS_STYLE_NAMES = { light: 'Jejak streets', dark: 'Jejak streets dark' } as const;

const SOURCE = 'streets';
/** Protomaps builds are OpenStreetMap data (ODbL): credited on the map. */
const ATTRIBUTION = '© OpenStreetMap contributors, Protomaps';
/** The browser's own sans-serif: no glyph files to fetch. */
const FONT = ['sans-serif'];

const kindIs = (...kinds: string[]): ExpressionSpecification => ['in', ['get', 'kind'], ['literal', kinds]];
const byZoom = (...stops: number[]): ExpressionSpecification => [
  'interpolate',
  ['exponential', 1.5],
  ['zoom'],
  ...stops,
];

function streetLayers(palette: BasemapPalette): LayerSpecification[] {
  const c = PALETTES[palette];
  const source = SOURCE;
  const road = (id: string, kinds: string[], color: string, width: ExpressionSpecification, minzoom = 0) =>
    ({
      id,
      type: 'line',
      source,
      'source-layer': 'roads',
      minzoom,
      filter: kindIs(...kinds),
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': color, 'line-width': width },
    }) satisfies LayerSpecification;
  return [
    { id: 'streets-earth', type: 'fill', source, 'source-layer': 'earth', paint: { 'fill-color': c.earth } },
    {
      id: 'streets-landuse',
      type: 'fill',
      source,
      'source-layer': 'landuse',
      filter: kindIs('park', 'forest', 'wood', 'grass', 'nature_reserve', 'garden', 'golf_course', 'cemetery'),
      paint: { 'fill-color': c.park },
    },
    {
      id: 'streets-water',
      type: 'fill',
      source,
      'source-layer': 'water',
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': c.water },
    },
    {
      id: 'streets-waterways',
      type: 'line',
      source,
      'source-layer': 'water',
      filter: ['==', ['geometry-type'], 'LineString'],
      paint: { 'line-color': c.water, 'line-width': byZoom(10, 0.5, 16, 4) },
    },
    {
      id: 'streets-buildings',
      type: 'fill',
      source,
      'source-layer': 'buildings',
      minzoom: 13,
      paint: { 'fill-color': c.building, 'fill-outline-color': c.casing },
    },
    {
      id: 'streets-boundaries',
      type: 'line',
      source,
      'source-layer': 'boundaries',
      paint: { 'line-color': c.boundary, 'line-width': 1, 'line-dasharray': [3, 2] },
    },
    road('streets-paths', ['path', 'other'], c.path, byZoom(14, 0.5, 18, 2), 14),
    road('streets-minor-casing', ['minor_road'], c.casing, byZoom(11, 1, 14, 4, 18, 16), 11),
    road('streets-major-casing', ['major_road'], c.casing, byZoom(7, 1, 12, 3, 14, 7, 18, 22), 7),
    road('streets-highway-casing', ['highway'], c.highwayCasing, byZoom(5, 1.2, 12, 4, 14, 9, 18, 26)),
    road('streets-minor', ['minor_road'], c.minor, byZoom(11, 0.5, 14, 2.5, 18, 13), 11),
    road('streets-major', ['major_road'], c.major, byZoom(7, 0.6, 12, 2, 14, 5, 18, 18), 7),
    road('streets-highway', ['highway'], c.highway, byZoom(5, 0.8, 12, 3, 14, 7, 18, 22)),
    {
      id: 'streets-road-labels',
      type: 'symbol',
      source,
      'source-layer': 'roads',
      minzoom: 13,
      filter: ['has', 'name'],
      layout: {
        'symbol-placement': 'line',
        'text-field': ['get', 'name'],
        'text-font': FONT,
        'text-size': 12,
      },
      paint: { 'text-color': c.roadText, 'text-halo-color': c.halo, 'text-halo-width': 1.5 },
    },
    {
      id: 'streets-place-labels',
      type: 'symbol',
      source,
      'source-layer': 'places',
      filter: ['all', ['has', 'name'], ['!=', ['get', 'kind'], 'country']],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': FONT,
        'text-size': ['match', ['get', 'kind'], 'region', 13, 'locality', 14, 12],
        'text-max-width': 8,
        'symbol-sort-key': ['-', ['coalesce', ['get', 'population_rank'], 0]],
      },
      paint: { 'text-color': c.text, 'text-halo-color': c.halo, 'text-halo-width': 1.5 },
    },
  ];
}

/** The archive's address for the pmtiles protocol (registered in maplibre.ts). */
export function pmtilesUrl(url: string, origin = window.location.origin): string {
  return `pmtiles://${new URL(url, origin).href}`;
}

export function streetsStyle(
  basemap: StreetsBasemap,
  palette: BasemapPalette = 'light',
  origin = window.location.origin,
): StyleSpecification {
  const offline = offlineStyle(palette);
  return {
    ...offline,
    name: STREETS_STYLE_NAMES[palette],
    sources: {
      ...offline.sources,
      [SOURCE]: { type: 'vector', url: pmtilesUrl(basemap.url, origin), attribution: ATTRIBUTION },
    },
    layers: [...offline.layers, ...streetLayers(palette)],
  };
}
