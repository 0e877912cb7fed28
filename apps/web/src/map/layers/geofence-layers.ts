import type { FilterSpecification, LayerSpecification } from 'maplibre-gl';
import type { OrderedLayerId } from '../layer-order.ts';
import type { MapSettings } from '../panel/map-settings.ts';
import { COUNT_IMAGE, LABEL_IMAGE } from './text-image.ts';

export const AREAS_SOURCE = 'geofence-areas';
/** POI centres, clustered (spec 1 §9: marker cluster minimum size 3). */
export const POI_POINTS_SOURCE = 'geofence-poi-points';
export const ZONE_POINTS_SOURCE = 'geofence-zone-points';
export const CLUSTER_MIN_POINTS = 3;

export const POI_MARKS: OrderedLayerId = 'geofence-marks';
export const ZONE_MARKS: OrderedLayerId = 'geofence-zone-marks';
export const CLUSTERS: OrderedLayerId = 'geofence-clusters';

const isZone: FilterSpecification = ['==', ['get', 'kind'], 'Zone'];
const isPoi: FilterSpecification = ['==', ['get', 'kind'], 'POI'];
const clustered: FilterSpecification = ['has', 'point_count'];
const single: FilterSpecification = ['!', ['has', 'point_count']];

/** A geofence's name under its mark, drawn as an image (text-image.ts). */
const label = (id: OrderedLayerId, source: string, filter?: FilterSpecification): LayerSpecification => ({
  id,
  type: 'symbol',
  source,
  minzoom: 12,
  ...(filter ? { filter } : {}),
  layout: {
    'icon-image': ['concat', LABEL_IMAGE, ['get', 'name']],
    'icon-anchor': 'top',
    'icon-offset': [0, 6],
  },
});

const mark = (id: OrderedLayerId, source: string, filter?: FilterSpecification): LayerSpecification => ({
  id,
  type: 'circle',
  source,
  ...(filter ? { filter } : {}),
  paint: {
    'circle-radius': 5,
    'circle-color': ['get', 'colour'],
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': 1.5,
  },
});

interface GeofenceLayer {
  spec: LayerSpecification;
  shownBy: (s: MapSettings) => boolean;
}

/** The tinted area and the outline of the geofences the filter keeps. */
function areas(
  fill: OrderedLayerId,
  line: OrderedLayerId,
  filter: FilterSpecification,
  shownBy: GeofenceLayer['shownBy'],
): GeofenceLayer[] {
  return [
    {
      spec: {
        id: fill,
        type: 'fill',
        source: AREAS_SOURCE,
        filter,
        paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.15 },
      },
      shownBy,
    },
    {
      spec: {
        id: line,
        type: 'line',
        source: AREAS_SOURCE,
        filter,
        paint: { 'line-color': ['get', 'colour'], 'line-width': 2, 'line-opacity': 0.85 },
      },
      shownBy,
    },
  ];
}

/** Every geofence layer, bottom to top, and the switch (or switches) that shows it. */
export const GEOFENCE_LAYERS: readonly GeofenceLayer[] = [
  ...areas('geofence-fill', 'geofence-line', isZone, (s) => s.zones),
  ...areas('geofence-poi-fill', 'geofence-poi-line', isPoi, (s) => s.pois),
  { spec: { ...mark(ZONE_MARKS, ZONE_POINTS_SOURCE), minzoom: 9 }, shownBy: (s) => s.zones },
  { spec: mark(POI_MARKS, POI_POINTS_SOURCE, single), shownBy: (s) => s.pois },
  {
    spec: {
      id: CLUSTERS,
      type: 'circle',
      source: POI_POINTS_SOURCE,
      filter: clustered,
      paint: {
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21],
        'circle-color': '#5C1A8E',
        'circle-opacity': 0.85,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
    shownBy: (s) => s.pois,
  },
  {
    spec: {
      id: 'geofence-cluster-counts',
      type: 'symbol',
      source: POI_POINTS_SOURCE,
      filter: clustered,
      layout: {
        'icon-image': ['concat', COUNT_IMAGE, ['get', 'point_count_abbreviated']],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
    shownBy: (s) => s.pois,
  },
  { spec: label('geofence-zone-labels', ZONE_POINTS_SOURCE), shownBy: (s) => s.zones && s.geofenceInfo },
  { spec: label('geofence-poi-labels', POI_POINTS_SOURCE, single), shownBy: (s) => s.pois && s.geofenceInfo },
];
