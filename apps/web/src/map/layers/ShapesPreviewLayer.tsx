import { GEOFENCE_PALETTE } from '@jejak/contract';
import { useEffect, useMemo } from 'react';
import { useMap } from '../map-context.ts';
import { useMapLayer } from '../use-map-layer.ts';
import { geofenceFeatures, type DrawableGeofence } from './geofence-features.ts';

const SOURCE = 'shapes-preview';
const FILL = 'shapes-preview-fill';
const LINE = 'shapes-preview-line';
const COLOUR = `#${GEOFENCE_PALETTE[0]}`;
/** Close enough for one POI's street, not so close that it fills the map. */
const MAX_FIT_ZOOM = 15;

/**
 * Geofences not yet saved (the rows of an imported file), drawn as the geofence layer draws them,
 * and the map fitted to them all whenever they change.
 */
export function ShapesPreviewLayer({ shapes }: { shapes: readonly DrawableGeofence[] }) {
  const map = useMap();
  const areas = useMemo(() => geofenceFeatures(shapes, () => COLOUR).areas, [shapes]);
  const data = useMemo((): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: areas }), [areas]);
  useMapLayer(
    {
      sources: [{ id: SOURCE, spec: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } }, data }],
      layers: [
        {
          spec: {
            id: FILL,
            type: 'fill',
            source: SOURCE,
            paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.2 },
          },
        },
        {
          spec: { id: LINE, type: 'line', source: SOURCE, paint: { 'line-color': ['get', 'colour'], 'line-width': 2 } },
        },
      ],
    },
    [],
  );
  useEffect(() => {
    const points = areas.flatMap((f) => (f.geometry.type === 'Polygon' ? (f.geometry.coordinates[0] ?? []) : []));
    if (points.length === 0) return;
    const lons = points.map((p) => p[0] ?? 0);
    const lats = points.map((p) => p[1] ?? 0);
    const fit = () =>
      map.fitBounds(
        [
          [Math.min(...lons), Math.min(...lats)],
          [Math.max(...lons), Math.max(...lats)],
        ],
        { padding: 30, maxZoom: MAX_FIT_ZOOM, duration: 0 },
      );
    // A dialog's map may first be measured mid-animation: fit again once it has its size.
    fit();
    map.on('resize', fit);
    return () => {
      map.off('resize', fit);
    };
  }, [map, areas]);
  return null;
}
