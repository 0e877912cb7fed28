import { zoomIntoCluster } from './cluster-zoom.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchGeofences, geofencesQueryKey, type UserGeofences } from '../../api/geofences/geofences.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { isMapRemoved } from '../map-context.ts';
import { DEFAULT_MAP_SETTINGS, type MapSettings } from '../panel/map-settings.ts';
import { useMapLayer } from '../use-map-layer.ts';
import { geofenceColours, geofenceFeatures } from './geofence-features.ts';
import {
  AREAS_SOURCE,
  CLUSTER_MIN_POINTS,
  CLUSTERS,
  GEOFENCE_LAYERS,
  POI_MARKS,
  POI_POINTS_SOURCE,
  ZONE_MARKS,
  ZONE_POINTS_SOURCE,
} from './geofence-layers.ts';
import { drawTextImages } from './text-image.ts';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

type ShownSettings = Pick<MapSettings, 'pois' | 'zones' | 'geofenceInfo'>;

/** The sources' data: the areas, and the zones' and the POIs' marks. */
function sourceData(data: UserGeofences): Record<'areas' | 'zones' | 'pois', GeoJSON.FeatureCollection> {
  const { areas, labels } = geofenceFeatures(data.geofences, geofenceColours(data.templates));
  const points = (kind: 'POI' | 'Zone'): GeoJSON.FeatureCollection => ({
    type: 'FeatureCollection',
    features: labels.filter((f) => f.properties.kind === kind),
  });
  return { areas: { type: 'FeatureCollection', features: areas }, zones: points('Zone'), pois: points('POI') };
}

/**
 * The user's POIs (circles of their radius, a marker at the centre, clustered from 3 close ones)
 * and zones (polygons), each in its template's colour, under the trails and arrows (spec 1 §2,
 * §9). The control panel shows or hides POIs, zones and their names (`settings`). Names are
 * drawn as images under the marks and also pop up when the pointer is on a mark; a cluster
 * shows its count and zooms in when clicked.
 */
export function GeofencesLayer({ uid, settings = DEFAULT_MAP_SETTINGS }: { uid: string; settings?: ShownSettings }) {
  const { data } = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });
  const features = useMemo(() => (data ? sourceData(data) : undefined), [data]);
  const nameOf = (p: Record<string, unknown>) =>
    settings.geofenceInfo && typeof p['name'] === 'string' ? `${p['name']} (${String(p['kind'])})` : null;

  const map = useMapLayer({
    sources: [
      { id: AREAS_SOURCE, spec: { type: 'geojson', data: EMPTY }, data: features?.areas },
      { id: ZONE_POINTS_SOURCE, spec: { type: 'geojson', data: EMPTY }, data: features?.zones },
      {
        id: POI_POINTS_SOURCE,
        spec: {
          type: 'geojson',
          data: EMPTY,
          cluster: true,
          clusterMinPoints: CLUSTER_MIN_POINTS,
          clusterRadius: 40,
        },
        data: features?.pois,
      },
    ],
    layers: GEOFENCE_LAYERS.map(({ spec }) => ({
      spec,
      beforeId: (m) => layerAbove(m, spec.id as OrderedLayerId),
      ...(spec.id === POI_MARKS || spec.id === ZONE_MARKS ? { popup: { textOf: nameOf } } : {}),
      ...(spec.id === CLUSTERS ? { onClick: zoomIntoCluster(POI_POINTS_SOURCE) } : {}),
    })),
    onAdd: drawTextImages,
  });

  const { pois, zones, geofenceInfo } = settings;
  useEffect(() => {
    if (isMapRemoved(map)) return;
    const shown = { ...DEFAULT_MAP_SETTINGS, pois, zones, geofenceInfo };
    for (const { spec, shownBy } of GEOFENCE_LAYERS)
      map.setLayoutProperty(spec.id, 'visibility', shownBy(shown) ? 'visible' : 'none');
  }, [map, pois, zones, geofenceInfo]);

  return null;
}
