import type { LngLatBoundsLike } from 'maplibre-gl';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchGeofences, geofencesQueryKey } from '../api/geofences/geofences.ts';
import { liveStore } from '../store/live-store.ts';
import { useSessionUser } from '../store/session.ts';
import { DEFAULT_CENTRE, DEFAULT_ZOOM } from './default-view.ts';
import { shapeBounds } from './draw/draw-shape.ts';
import { featuresBounds, vehicleFeatures } from './layers/vehicles/vehicle-features.ts';
import { useMap } from './map-context.ts';

const FALLBACK_AFTER_MS = 5_000;
type Bounds = LngLatBoundsLike;

/**
 * Fits the map once to where the user's fleet is: its vehicles once their positions are known,
 * else (with `geofences`) the user's geofences, else the default view. The dashboard opens on
 * the vehicles; a new POI or zone (issue 25 defect 6) on the vehicles or the geofences, drawn
 * where the fleet works rather than over the middle of the country. A view someone already
 * chose (the user's, a screen's) is kept.
 */
export function FitToFleet({ geofences = false }: { geofences?: boolean }) {
  const map = useMap();
  const uid = useSessionUser().uid;
  const places = useQuery({
    queryKey: geofencesQueryKey(uid),
    queryFn: () => fetchGeofences(uid),
    enabled: geofences,
  });
  const placesBounds = useRef<Bounds | null>(null);
  placesBounds.current = geofences
    ? shapeBounds(
        (places.data?.geofences ?? []).flatMap((g) => g.coordinates),
        null,
      )
    : null;
  const tryPlaces = useRef<() => void>(() => {});

  useEffect(() => {
    let fitted = false;
    // Set while this view moves the map itself, so its own moves are not taken for someone else's.
    let moving = false;
    const fitTo = (bounds: Bounds) => {
      fitted = true;
      moving = true;
      map.fitBounds(bounds, { padding: 80, maxZoom: 15, duration: 0 });
      moving = false;
    };
    const fitToVehicles = () => {
      if (fitted) return;
      const bounds = featuresBounds(vehicleFeatures(liveStore.vehicles(), (dvid) => liveStore.device(dvid)));
      if (bounds) fitTo(bounds);
    };
    // Vehicles first: they are where the work is now; the geofences when no vehicle has a place.
    tryPlaces.current = () => {
      if (fitted) return;
      fitToVehicles();
      if (!fitted && placesBounds.current) fitTo(placesBounds.current);
    };
    fitToVehicles();
    const unsubscribe = liveStore.subscribe(fitToVehicles);
    const movedElsewhere = () => {
      if (!moving) fitted = true;
    };
    map.on('movestart', movedElsewhere);
    const fallback = setTimeout(() => {
      tryPlaces.current();
      if (fitted) return;
      moving = true;
      map.jumpTo({ center: DEFAULT_CENTRE, zoom: DEFAULT_ZOOM });
      moving = false;
    }, FALLBACK_AFTER_MS);
    return () => {
      unsubscribe();
      map.off('movestart', movedElsewhere);
      clearTimeout(fallback);
      tryPlaces.current = () => {};
    };
  }, [map]);

  // The geofences arrived: used at once when no vehicle has a place yet.
  useEffect(() => {
    if (places.data) tryPlaces.current();
  }, [places.data]);

  return null;
}
