import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Bottom-to-top order of the layers that components add over the basemap. Layers mount and
 * unmount in any order (a toggle may bring one back later); each is inserted below the first
 * layer above it that is already on the map, so the stack always reads: live traffic, town dots and names, geofences (zones, POIs,
 * their marks, clusters and names), trails, the selected vehicle's logged points, selection ring, plates, arrows, and
 * the vehicle clusters over them.
 */
export const LAYER_ORDER = [
  'traffic',
  'places',
  'place-labels',
  'geofence-fill',
  'geofence-line',
  'geofence-poi-fill',
  'geofence-poi-line',
  'geofence-zone-marks',
  'geofence-marks',
  'geofence-clusters',
  'geofence-cluster-counts',
  'geofence-zone-labels',
  'geofence-poi-labels',
  'vehicle-trails',
  'device-log-points',
  'vehicles-selected',
  'vehicles-plates',
  'vehicles-arrows',
  'vehicles-clusters',
  'vehicles-cluster-counts',
] as const;

export type OrderedLayerId = (typeof LAYER_ORDER)[number];

/** The `beforeId` for `map.addLayer`: the lowest present layer that must sit above `id`. */
export function layerAbove(map: Pick<MapLibreMap, 'getLayer'>, id: OrderedLayerId): string | undefined {
  return LAYER_ORDER.slice(LAYER_ORDER.indexOf(id) + 1).find((above) => map.getLayer(above) !== undefined);
}
