import type {
  ExpressionSpecification,
  FilterSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
} from 'maplibre-gl';
import { statusColourExpression } from './vehicle-features.ts';
import { COUNT_IMAGE, LABEL_IMAGE, LABEL_IMAGE_DARK } from '../text-image.ts';

export const VEHICLES_SOURCE = 'vehicles';
export const VEHICLE_ARROW_IMAGE = 'vehicle-arrow';

/**
 * Vehicles close together are drawn as one counted disc up to this zoom, and each on its own
 * above it (street zooms), as the spec's POI markers are: three or more make a cluster.
 */
export const VEHICLE_CLUSTER_MAX_ZOOM = 12;
export const VEHICLE_CLUSTER_MIN_POINTS = 3;
const VEHICLE_CLUSTER_RADIUS_PX = 40;
/** Plates show under the arrows from this zoom: a street's width, where they can be read. */
export const PLATE_MIN_ZOOM = 14;

export const VEHICLES_SOURCE_SPEC: GeoJSONSourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
  cluster: true,
  clusterMaxZoom: VEHICLE_CLUSTER_MAX_ZOOM,
  clusterMinPoints: VEHICLE_CLUSTER_MIN_POINTS,
  clusterRadius: VEHICLE_CLUSTER_RADIUS_PX,
};

const single: ExpressionSpecification = ['!', ['has', 'point_count']];
const clustered: ExpressionSpecification = ['has', 'point_count'];

export function selectedFilter(vid: string | null): FilterSpecification {
  return ['all', single, ['==', ['get', 'vid'], vid ?? '']];
}

export const SELECTED_LAYER: LayerSpecification = {
  id: 'vehicles-selected',
  type: 'circle',
  source: VEHICLES_SOURCE,
  filter: selectedFilter(null),
  paint: {
    'circle-radius': 18,
    'circle-color': statusColourExpression(),
    'circle-opacity': 0.2,
    'circle-stroke-width': 2,
    'circle-stroke-color': statusColourExpression(),
  },
};

/** The plate as a label image under the arrow (text-image.ts: the offline map has no glyphs). */
export function platesLayer(dark: boolean): LayerSpecification {
  return {
    id: 'vehicles-plates',
    type: 'symbol',
    source: VEHICLES_SOURCE,
    filter: single,
    minzoom: PLATE_MIN_ZOOM,
    layout: {
      'icon-image': ['concat', dark ? LABEL_IMAGE_DARK : LABEL_IMAGE, ['get', 'plate']],
      'icon-anchor': 'top',
      'icon-offset': [0, 13],
      'icon-padding': 1,
    },
  };
}

export const ARROWS_LAYER: LayerSpecification = {
  id: 'vehicles-arrows',
  type: 'symbol',
  source: VEHICLES_SOURCE,
  filter: single,
  layout: {
    'icon-image': VEHICLE_ARROW_IMAGE,
    'icon-rotate': ['get', 'heading'],
    'icon-rotation-alignment': 'map',
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
  },
  paint: {
    'icon-color': statusColourExpression(),
    'icon-halo-color': '#ffffff',
    'icon-halo-width': 1.5,
  },
};

export const CLUSTERS_LAYER: LayerSpecification = {
  id: 'vehicles-clusters',
  type: 'circle',
  source: VEHICLES_SOURCE,
  filter: clustered,
  paint: {
    'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21, 1000, 25],
    'circle-color': '#1F4E79',
    'circle-opacity': 0.88,
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': 2,
  },
};

export const CLUSTER_COUNTS_LAYER: LayerSpecification = {
  id: 'vehicles-cluster-counts',
  type: 'symbol',
  source: VEHICLES_SOURCE,
  filter: clustered,
  layout: {
    'icon-image': ['concat', COUNT_IMAGE, ['get', 'point_count_abbreviated']],
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
  },
};
