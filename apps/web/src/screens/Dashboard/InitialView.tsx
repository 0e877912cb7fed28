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
    const fitToVehicles = () => {
      if (fitted) return;
      const bounds = featuresBounds(vehicleFeatures(liveStore.vehicles(), (dvid) => liveStore.device(dvid)));
      if (!bounds) return;
      fitted = true;
      map.fitBounds(bounds, { padding: 80, maxZoom: 15, duration: 0 });
    };
    fitToVehicles();
    const unsubscribe = liveStore.subscribe(fitToVehicles);
    // A user who has already moved the map keeps their view.
    const userMoved = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) fitted = true;
    };
    map.on('movestart', userMoved);
    // Vehicles that load later still get fitted once.
    const fallback = setTimeout(() => {
      if (!fitted) map.jumpTo({ center: DEFAULT_CENTRE, zoom: DEFAULT_ZOOM });
    }, FALLBACK_AFTER_MS);
    return () => {
      unsubscribe();
      map.off('movestart', userMoved);
      clearTimeout(fallback);
    };
  }, [map]);

  return null;
}
