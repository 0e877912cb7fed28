import type { GeofencePoint } from '@jejak/domain';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { circleRing } from '../layers/geofence-features.ts';
import { isMapRemoved, useMap } from '../map-context.ts';

const SOURCE = 'geofence-draw-radius';
const FILL = 'geofence-draw-radius-fill';
const LINE = 'geofence-draw-radius-line';

function circleData(centre: GeofencePoint | null, radiusM: number | null): GeoJSON.FeatureCollection {
  if (!centre || radiusM === null || !(radiusM > 0)) return { type: 'FeatureCollection', features: [] };
  const ring = circleRing(centre, radiusM);
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: {} }],
  };
}

/**
 * A POI's circle of geofenceRadius metres around its marker (spec 1 §2: "a circle is drawn from
 * geofenceRadius"), following the marker and the radius as they are edited. Mounted before the
 * drawing tool, so the marker is drawn above it.
 */
export function RadiusCircleLayer({
  centre,
  radiusM,
  colour,
}: {
  centre: GeofencePoint | null;
  radiusM: number | null;
  colour: string;
}) {
  const map = useMap();

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: FILL, type: 'fill', source: SOURCE, paint: { 'fill-opacity': 0.15 } });
    map.addLayer({ id: LINE, type: 'line', source: SOURCE, paint: { 'line-width': 2 } });
    return () => {
      if (isMapRemoved(map)) return;
      map.removeLayer(LINE);
      map.removeLayer(FILL);
      map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    map.setPaintProperty(FILL, 'fill-color', colour);
    map.setPaintProperty(LINE, 'line-color', colour);
  }, [map, colour]);

  useEffect(() => {
    void map.getSource<GeoJSONSource>(SOURCE)?.setData(circleData(centre, radiusM));
  }, [map, centre, radiusM]);

  return null;
}
