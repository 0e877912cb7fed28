import { MY_PLACES, type PlaceRow } from '@jejak/domain';
import type { LayerSpecification } from 'maplibre-gl';
import { OFFLINE_STYLE_NAMES } from '../basemap.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { useMap } from '../map-context.ts';
import { useMapLayer, type MapLayerEntry, type MapLayerImage } from '../use-map-layer.ts';
import { LABEL_IMAGE, LABEL_IMAGE_DARK, TEXT_IMAGE_PIXEL_RATIO, textImage } from './text-image.ts';

const SOURCE_ID = 'places';
const LAYER_ID: OrderedLayerId = 'places';
const LABELS_ID: OrderedLayerId = 'place-labels';
const PLACES_ATTRIBUTION = 'GeoNames (CC-BY-4.0)';
/** Town names show from this zoom (the console opens at 7, over the peninsula). */
export const PLACE_LABELS_MINZOOM = 6;

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

/** Each town's name beside its dot, as an image (the offline style has no glyphs); names that would overlap give way. */
function labelsLayer(prefix: string): LayerSpecification {
  return {
    id: LABELS_ID,
    type: 'symbol',
    source: SOURCE_ID,
    minzoom: PLACE_LABELS_MINZOOM,
    layout: {
      'icon-image': ['concat', prefix, ['get', 'name']],
      'icon-anchor': 'left',
      'icon-offset': [3, 0],
      'icon-padding': 1,
    },
  };
}

/**
 * Malaysian towns as small grey dots, so the offline map shows where the vehicles are. On the
 * bundled offline map each town's name shows beside its dot too (drawn as an image: that style
 * has no glyphs); a street map names its places itself. The name also shows in a small popup on
 * hover.
 */
export function PlacesLayer() {
  const style = useMap().getStyle().name;
  const offline = style === OFFLINE_STYLE_NAMES.light || style === OFFLINE_STYLE_NAMES.dark;
  const prefix = style === OFFLINE_STYLE_NAMES.dark ? LABEL_IMAGE_DARK : LABEL_IMAGE;
  const labels: MapLayerEntry[] = offline
    ? [{ spec: labelsLayer(prefix), beforeId: (map) => layerAbove(map, LABELS_ID) }]
    : [];
  // Drawn before the layer is laid out: a name drawn on demand (styleimagemissing) after the
  // first layout stays off the map until the source changes, and this one never does.
  const images: MapLayerImage[] = offline
    ? MY_PLACES.map(([name]) => ({
        id: prefix + name,
        draw: () => textImage(prefix + name),
        options: { pixelRatio: TEXT_IMAGE_PIXEL_RATIO },
        keep: true,
      }))
    : [];
  useMapLayer({
    images,
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
      ...labels,
    ],
  });
  return null;
}
