import { MY_PLACES, type PlaceRow } from '@jejak/domain';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { useMapLayer } from '../use-map-layer.ts';

const SOURCE_ID = 'places';
const LAYER_ID: OrderedLayerId = 'places';
const PLACES_ATTRIBUTION = 'GeoNames (CC-BY-4.0)';

function placeFeatures(rows: readonly PlaceRow[]): GeoJSON.FeatureCollection<GeoJSON.Point, { name: string }> {
  return {
    type: 'FeatureCollection',
    features: rows.map(([name, lon, lat]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { name },
    })),
  };
}

/**
 * Malaysian towns as small grey dots, so the offline map shows where the vehicles are. The
 * style has no glyphs (nothing may be fetched from another host), so a town's name shows in a
 * small popup on hover instead of a label.
 */
export function PlacesLayer() {
  useMapLayer({
    sources: [
      { id: SOURCE_ID, spec: { type: 'geojson', data: placeFeatures(MY_PLACES), attribution: PLACES_ATTRIBUTION } },
    ],
    layers: [
      {
        spec: {
          id: LAYER_ID,
          type: 'circle',
          source: SOURCE_ID,
          minzoom: 5,
          paint: {
            'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 1.5, 10, 3, 15, 4.5],
            'circle-color': '#8c8c8c',
            'circle-opacity': 0.75,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 5, 0, 10, 1],
          },
        },
        beforeId: (map) => layerAbove(map, LAYER_ID),
        popup: { textOf: (p) => (typeof p['name'] === 'string' ? p['name'] : null), className: 'place-popup' },
      },
    ],
  });
  return null;
}
