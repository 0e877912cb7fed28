import type { GeofencePoint } from '@jejak/domain';
import { useEffect, useRef } from 'react';
import { useMap } from '../map-context.ts';
import { shapeBounds } from './draw-shape.ts';

/** Close enough to see the streets around a POI, not so close that a small one fills the screen. */
const MAX_FIT_ZOOM = 16;

/**
 * Brings a geofence into view once, when its form opens: a zone fitted to its polygon (spec 1 §2
 * "Zone view fits the bounds to the polygon"), a POI centred with its whole circle shown.
 */
export function FitShape({ points, radiusM }: { points: readonly GeofencePoint[]; radiusM: number | null }) {
  const map = useMap();
  const fitted = useRef(false);

  useEffect(() => {
    if (fitted.current) return;
    const bounds = shapeBounds(points, radiusM);
    if (!bounds) return;
    fitted.current = true;
    map.fitBounds(bounds, { padding: 60, maxZoom: MAX_FIT_ZOOM, duration: 0 });
  }, [map, points, radiusM]);

  return null;
}
