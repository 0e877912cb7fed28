import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-10m.json?url';

/**
 * The offline basemap (DESIGN §6): sea, Natural Earth land, coastline and borders from the
 * bundled world-atlas package. The style names no glyphs, sprite or tiles, so the map never
 * asks another host for anything.
 *
 * Light palette: a light blue sea with a paler band of shallows along the coast, Malaysia a
 * shade lighter than its neighbours so the country stands out when zoomed out. Dark palette (the
 * console's dark scheme): the same relations on a night-blue sea and charcoal land.
 */
const PALETTES = {
  light: {
    sea: '#bcd6e6',
    shallows: '#d6e8f2',
    land: '#ebe8df',
    home: '#f8f6f0',
    coast: '#86a9c0',
    border: '#b3a995',
  },
  dark: {
    sea: '#0d1824',
    shallows: '#15283a',
    land: '#23272e',
    home: '#2f343c',
    coast: '#3b5a75',
    border: '#5a5f68',
  },
} as const;

export type BasemapPalette = keyof typeof PALETTES;

/** The offline style's name for each palette (tests read it through map.getStyle().name). */
export const OFFLINE_STYLE_NAMES = { light: 'Jejak offline', dark: 'Jejak offline dark' } as const;

/** ISO 3166-1 numeric code, the id of Malaysia in the world-atlas countries. */
const HOME_COUNTRY_ID = '458';

const LAND_SOURCE = 'basemap-land';
const HOME_SOURCE = 'basemap-home';
const BORDER_SOURCE = 'basemap-borders';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

export function offlineStyle(palette: BasemapPalette = 'light'): StyleSpecification {
  const colours = PALETTES[palette];
  return {
    version: 8,
    name: OFFLINE_STYLE_NAMES[palette],
    sources: {
      [LAND_SOURCE]: { type: 'geojson', data: EMPTY, attribution: 'Natural Earth' },
      [HOME_SOURCE]: { type: 'geojson', data: EMPTY },
      [BORDER_SOURCE]: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'basemap-sea', type: 'background', paint: { 'background-color': colours.sea } },
      // A wide soft line along the coast, half of it then covered by the land: a band of
      // shallows on the sea side.
      {
        id: 'basemap-shallows',
        type: 'line',
        source: LAND_SOURCE,
        paint: {
          'line-color': colours.shallows,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 4, 8, 14, 13, 28],
          'line-blur': ['interpolate', ['linear'], ['zoom'], 3, 3, 8, 10, 13, 20],
        },
      },
      { id: 'basemap-land', type: 'fill', source: LAND_SOURCE, paint: { 'fill-color': colours.land } },
      { id: 'basemap-home', type: 'fill', source: HOME_SOURCE, paint: { 'fill-color': colours.home } },
      // The merged land's outline is the Natural Earth coastline, with no inland borders in it.
      {
        id: 'basemap-coast',
        type: 'line',
        source: LAND_SOURCE,
        paint: { 'line-color': colours.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 12, 1.2] },
      },
      {
        id: 'basemap-borders',
        type: 'line',
        source: BORDER_SOURCE,
        paint: { 'line-color': colours.border, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
    ],
  };
}

interface BasemapData {
  land: GeoJSON.FeatureCollection;
  home: GeoJSON.FeatureCollection;
  borders: GeoJSON.MultiLineString;
}

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

function isCountriesTopology(value: unknown): value is CountriesTopology {
  if (typeof value !== 'object' || value === null) return false;
  const topology = value as Partial<CountriesTopology>;
  return (
    topology.type === 'Topology' &&
    topology.objects?.countries?.type === 'GeometryCollection' &&
    topology.objects.land?.type === 'GeometryCollection'
  );
}

async function fetchBasemap(): Promise<BasemapData> {
  const response = await fetch(countriesUrl);
  const topology: unknown = await response.json();
  if (!isCountriesTopology(topology)) throw new Error('world-atlas: unexpected countries topology');
  const countries = topology.objects.countries;
  const home = countries.geometries.filter((country) => country.id === HOME_COUNTRY_ID);
  return {
    land: feature(topology, topology.objects.land),
    home: feature(topology, { type: 'GeometryCollection', geometries: home }),
    borders: mesh(topology, countries, (a, b) => a !== b),
  };
}

// Parsed once per page; every map instance reuses it.
let basemap: Promise<BasemapData> | null = null;

/**
 * Fills the style's basemap sources once the bundled countries file is parsed; false when it
 * cannot be loaded (then there is no map to show at all).
 */
export async function fillBasemap(map: MapLibreMap): Promise<boolean> {
  basemap ??= fetchBasemap();
  let data: BasemapData;
  try {
    data = await basemap;
  } catch (error) {
    basemap = null;
    console.warn('The offline basemap could not be loaded.', error);
    return false;
  }
  if (!map.style) return true; // removed meanwhile
  void map.getSource<GeoJSONSource>(LAND_SOURCE)?.setData(data.land);
  void map.getSource<GeoJSONSource>(HOME_SOURCE)?.setData(data.home);
  void map.getSource<GeoJSONSource>(BORDER_SOURCE)?.setData(data.borders);
  return true;
}
