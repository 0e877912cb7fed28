import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-10m.json?url';

/**
 * The offline basemap (DESIGN §6): sea, Natural Earth land and borders from the bundled
 * world-atlas package. The style names no glyphs, sprite or tiles, so the map never asks
 * another host for anything.
 */
const COLOURS = { sea: '#cddfeb', land: '#f4f2ec', coast: '#9fb7c8', border: '#b3a995' };

const LAND_SOURCE = 'basemap-land';
const BORDER_SOURCE = 'basemap-borders';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      [LAND_SOURCE]: { type: 'geojson', data: EMPTY },
      [BORDER_SOURCE]: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'basemap-sea', type: 'background', paint: { 'background-color': COLOURS.sea } },
      { id: 'basemap-land', type: 'fill', source: LAND_SOURCE, paint: { 'fill-color': COLOURS.land } },
      // Outlines of the land polygons draw the coast; the separate border lines are dashed
      // over them. (A coast source of its own would double the points the worker indexes.)
      {
        id: 'basemap-coast',
        type: 'line',
        source: LAND_SOURCE,
        paint: { 'line-color': COLOURS.coast, 'line-width': 0.8 },
      },
      {
        id: 'basemap-borders',
        type: 'line',
        source: BORDER_SOURCE,
        paint: { 'line-color': COLOURS.border, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
    ],
  };
}

interface BasemapData {
  land: GeoJSON.FeatureCollection;
  borders: GeoJSON.MultiLineString;
}

type CountriesTopology = Topology<{ countries: GeometryCollection }>;

function isCountriesTopology(value: unknown): value is CountriesTopology {
  if (typeof value !== 'object' || value === null) return false;
  const topology = value as Partial<CountriesTopology>;
  return topology.type === 'Topology' && topology.objects?.countries?.type === 'GeometryCollection';
}

async function fetchBasemap(): Promise<BasemapData> {
  const response = await fetch(countriesUrl);
  const topology: unknown = await response.json();
  if (!isCountriesTopology(topology)) throw new Error('world-atlas: unexpected countries topology');
  const countries = topology.objects.countries;
  return {
    land: feature(topology, countries),
    borders: mesh(topology, countries, (a, b) => a !== b),
  };
}

// Parsed once per page; every map instance reuses it.
let basemap: Promise<BasemapData> | null = null;

/** Fills the style's basemap sources once the bundled countries file is parsed. */
export async function fillBasemap(map: MapLibreMap): Promise<void> {
  basemap ??= fetchBasemap();
  let data: BasemapData;
  try {
    data = await basemap;
  } catch (error) {
    basemap = null;
    console.warn('Basemap could not be loaded; the map shows sea only.', error);
    return;
  }
  if (!map.style) return; // removed meanwhile
  void map.getSource<GeoJSONSource>(LAND_SOURCE)?.setData(data.land);
  void map.getSource<GeoJSONSource>(BORDER_SOURCE)?.setData(data.borders);
}
