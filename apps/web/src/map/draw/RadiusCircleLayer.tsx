import type { GeofencePoint } from '@jejak/domain';
import { useEffect, useMemo } from 'react';
import { circleRing } from '../layers/geofence-features.ts';
import { useMapLayer } from '../use-map-layer.ts';

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
  const data = useMemo(() => circleData(centre, radiusM), [centre, radiusM]);
  const map = useMapLayer({
    sources: [{ id: SOURCE, spec: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } }, data }],
    layers: [
      { spec: { id: FILL, type: 'fill', source: SOURCE, paint: { 'fill-opacity': 0.15 } } },
      { spec: { id: LINE, type: 'line', source: SOURCE, paint: { 'line-width': 2 } } },
    ],
  });

  useEffect(() => {
    map.setPaintProperty(FILL, 'fill-color', colour);
    map.setPaintProperty(LINE, 'line-color', colour);
  }, [map, colour]);

  return null;
}
