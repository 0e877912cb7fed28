import type { GeoJSONSource } from 'maplibre-gl';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { isMapRemoved, useMap } from '../map-context.ts';
import { geofenceColours, geofenceFeatures } from './geofence-features.ts';
import { hoverPopup } from './hover-popup.ts';

const AREAS_SOURCE = 'geofence-areas';
const MARKS_SOURCE = 'geofence-marks';
const FILL_LAYER: OrderedLayerId = 'geofence-fill';
const LINE_LAYER: OrderedLayerId = 'geofence-line';
const MARK_LAYER: OrderedLayerId = 'geofence-marks';
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The user's POIs (circles of their radius, with a marker at the centre) and zones (polygons),
 * each in its template's colour, under the trails and arrows (spec 1 §2: POI circles and
 * markers, zone polygons; §9: on by default). The style has no glyphs, so a geofence's name
 * shows in a popup when the pointer is over its marker.
 */
export function GeofencesLayer({ uid }: { uid: string }) {
  const map = useMap();
  const { data } = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });

  useEffect(() => {
    map.addSource(AREAS_SOURCE, { type: 'geojson', data: EMPTY });
    map.addSource(MARKS_SOURCE, { type: 'geojson', data: EMPTY });
    map.addLayer(
      {
        id: FILL_LAYER,
        type: 'fill',
        source: AREAS_SOURCE,
        paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.15 },
      },
      layerAbove(map, FILL_LAYER),
    );
    map.addLayer(
      {
        id: LINE_LAYER,
        type: 'line',
        source: AREAS_SOURCE,
        paint: { 'line-color': ['get', 'colour'], 'line-width': 2, 'line-opacity': 0.85 },
      },
      layerAbove(map, LINE_LAYER),
    );
    map.addLayer(
      {
        id: MARK_LAYER,
        type: 'circle',
        source: MARKS_SOURCE,
        minzoom: 9,
        paint: {
          'circle-radius': 5,
          'circle-color': ['get', 'colour'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        },
      },
      layerAbove(map, MARK_LAYER),
    );

    const removePopup = hoverPopup(map, MARK_LAYER, (p) =>
      typeof p['name'] === 'string' ? `${p['name']} (${String(p['kind'])})` : null,
    );

    return () => {
      removePopup();
      if (isMapRemoved(map)) return;
      for (const layer of [MARK_LAYER, LINE_LAYER, FILL_LAYER]) map.removeLayer(layer);
      map.removeSource(AREAS_SOURCE);
      map.removeSource(MARKS_SOURCE);
    };
  }, [map]);

  useEffect(() => {
    if (!data || isMapRemoved(map)) return;
    const { areas, labels } = geofenceFeatures(data.geofences, geofenceColours(data.templates));
    void map.getSource<GeoJSONSource>(AREAS_SOURCE)?.setData({ type: 'FeatureCollection', features: areas });
    void map.getSource<GeoJSONSource>(MARKS_SOURCE)?.setData({ type: 'FeatureCollection', features: labels });
  }, [map, data]);

  return null;
}
