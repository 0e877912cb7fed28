import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { isMapRemoved, useMap } from '../map-context.ts';
import { DEFAULT_MAP_SETTINGS, type MapSettings } from '../panel/map-settings.ts';
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
import { hoverPopup } from './hover-popup.ts';
import { drawTextImages } from './text-image.ts';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCES = [AREAS_SOURCE, POI_POINTS_SOURCE, ZONE_POINTS_SOURCE];

type ShownSettings = Pick<MapSettings, 'pois' | 'zones' | 'geofenceInfo'>;

/**
 * The user's POIs (circles of their radius, a marker at the centre, clustered from 3 close ones)
 * and zones (polygons), each in its template's colour, under the trails and arrows (spec 1 §2,
 * §9). The control panel shows or hides POIs, zones and their names (`settings`). Names are
 * drawn as images under the marks and also pop up when the pointer is on a mark; a cluster
 * shows its count and zooms in when clicked.
 */
export function GeofencesLayer({ uid, settings = DEFAULT_MAP_SETTINGS }: { uid: string; settings?: ShownSettings }) {
  const map = useMap();
  const { data } = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });
  const infoRef = useRef(settings.geofenceInfo);
  useEffect(() => {
    infoRef.current = settings.geofenceInfo;
  }, [settings.geofenceInfo]);

  useEffect(() => {
    map.addSource(AREAS_SOURCE, { type: 'geojson', data: EMPTY });
    map.addSource(ZONE_POINTS_SOURCE, { type: 'geojson', data: EMPTY });
    map.addSource(POI_POINTS_SOURCE, {
      type: 'geojson',
      data: EMPTY,
      cluster: true,
      clusterMinPoints: CLUSTER_MIN_POINTS,
      clusterRadius: 40,
    });
    const stopImages = drawTextImages(map);
    for (const { spec } of GEOFENCE_LAYERS) map.addLayer(spec, layerAbove(map, spec.id as OrderedLayerId));

    const nameOf = (p: Record<string, unknown>) =>
      infoRef.current && typeof p['name'] === 'string' ? `${p['name']} (${String(p['kind'])})` : null;
    const removePopups = [hoverPopup(map, POI_MARKS, nameOf), hoverPopup(map, ZONE_MARKS, nameOf)];

    const zoomIntoCluster = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const id: unknown = feature?.properties['cluster_id'];
      if (typeof id !== 'number' || feature?.geometry.type !== 'Point') return;
      const [lon = 0, lat = 0] = feature.geometry.coordinates;
      void map
        .getSource<GeoJSONSource>(POI_POINTS_SOURCE)
        ?.getClusterExpansionZoom(id)
        .then((zoom) => map.easeTo({ center: [lon, lat], zoom }));
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', CLUSTERS, zoomIntoCluster);
    map.on('mouseenter', CLUSTERS, pointer);
    map.on('mouseleave', CLUSTERS, plain);

    return () => {
      for (const remove of removePopups) remove();
      stopImages();
      if (isMapRemoved(map)) return;
      map.off('click', CLUSTERS, zoomIntoCluster);
      map.off('mouseenter', CLUSTERS, pointer);
      map.off('mouseleave', CLUSTERS, plain);
      for (const { spec } of [...GEOFENCE_LAYERS].reverse()) map.removeLayer(spec.id);
      for (const source of SOURCES) map.removeSource(source);
    };
  }, [map]);

  const { pois, zones, geofenceInfo } = settings;
  useEffect(() => {
    if (isMapRemoved(map)) return;
    const shown = { ...DEFAULT_MAP_SETTINGS, pois, zones, geofenceInfo };
    for (const { spec, shownBy } of GEOFENCE_LAYERS)
      map.setLayoutProperty(spec.id, 'visibility', shownBy(shown) ? 'visible' : 'none');
  }, [map, pois, zones, geofenceInfo]);

  useEffect(() => {
    if (!data || isMapRemoved(map)) return;
    const { areas, labels } = geofenceFeatures(data.geofences, geofenceColours(data.templates));
    const points = (kind: 'POI' | 'Zone'): GeoJSON.FeatureCollection => ({
      type: 'FeatureCollection',
      features: labels.filter((f) => f.properties.kind === kind),
    });
    void map.getSource<GeoJSONSource>(AREAS_SOURCE)?.setData({ type: 'FeatureCollection', features: areas });
    void map.getSource<GeoJSONSource>(POI_POINTS_SOURCE)?.setData(points('POI'));
    void map.getSource<GeoJSONSource>(ZONE_POINTS_SOURCE)?.setData(points('Zone'));
  }, [map, data]);

  return null;
}
