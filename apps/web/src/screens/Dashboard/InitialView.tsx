import { useEffect } from 'react';
import { DEFAULT_CENTRE, DEFAULT_ZOOM } from '../../map/default-view.ts';
import { useMap } from '../../map/map-context.ts';
import { featuresBounds, vehicleFeatures } from '../../map/layers/vehicle-features.ts';
import { liveStore } from '../../store/live-store.ts';

const FALLBACK_AFTER_MS = 5_000;

/** Fits the map to the vehicles once their positions are known; else falls back to the default view. */
export function InitialView() {
  const map = useMap();

  useEffect(() => {
    let fitted = false;
    // Set while this view moves the map itself, so its own moves are not taken for someone else's.
    let moving = false;
    const moveOwn = (move: () => void) => {
      moving = true;
      move();
      moving = false;
    };
    const fitToVehicles = () => {
      if (fitted) return;
      const bounds = featuresBounds(vehicleFeatures(liveStore.vehicles(), (dvid) => liveStore.device(dvid)));
      if (!bounds) return;
      fitted = true;
      moveOwn(() => map.fitBounds(bounds, { padding: 80, maxZoom: 15, duration: 0 }));
    };
    fitToVehicles();
    const unsubscribe = liveStore.subscribe(fitToVehicles);
    // A view someone already chose keeps: the user's, or a screen's (the geofence tree, a ticket).
    const movedElsewhere = () => {
      if (!moving) fitted = true;
    };
    map.on('movestart', movedElsewhere);
    // Vehicles that load later still get fitted once.
    const fallback = setTimeout(() => {
      if (!fitted) moveOwn(() => map.jumpTo({ center: DEFAULT_CENTRE, zoom: DEFAULT_ZOOM }));
    }, FALLBACK_AFTER_MS);
    return () => {
      unsubscribe();
      map.off('movestart', movedElsewhere);
      clearTimeout(fallback);
    };
  }, [map]);

  return null;
}
