import { useEffect, useRef } from 'react';
import { focusZoom } from '../../map/focus-zoom.ts';
import { isMapRemoved, useMap } from '../../map/map-context.ts';
import { liveStore } from '../../store/live-store.ts';
import { subscribeThrottled } from '../../store/throttled.ts';

/** Selecting a vehicle zooms to 17 on its position (spec 1 §9), where the basemap draws that close. */
const VEHICLE_ZOOM = 17;
/** A followed vehicle's new fixes move the map at most this often, in a glide this long. */
const FOLLOW_EVERY_MS = 1_000;
const FOLLOW_GLIDE_MS = 600;

function positionOf(vid: string): { lon: number; lat: number } | null {
  const dvid = liveStore.vehicle(vid)?.dvid;
  const location = dvid === undefined ? null : liveStore.device(dvid)?.location;
  return location ? { lon: location.lon, lat: location.lat } : null;
}

interface VehicleFocusProps {
  vid: string | null;
  /** Keep the vehicle in the middle of the map as it moves. */
  following: boolean;
  /** The user moved the map by hand: the follow ends there. */
  onUserPan: () => void;
}

/**
 * Centres the map on the chosen vehicle (zoom 17, spec 1 §9) and, while `following`, keeps it in
 * the middle as its fixes arrive, keeping the user's zoom. A drag of the map ends the follow.
 */
export function VehicleFocus({ vid, following, onUserPan }: VehicleFocusProps) {
  const map = useMap();
  const onUserPanRef = useRef(onUserPan);
  onUserPanRef.current = onUserPan;

  useEffect(() => {
    if (vid === null) return;
    const location = positionOf(vid);
    if (location) map.easeTo({ center: [location.lon, location.lat], zoom: focusZoom(map, VEHICLE_ZOOM) });
  }, [map, vid]);

  useEffect(() => {
    if (vid === null || !following) return;
    let last = positionOf(vid);
    const stopLive = subscribeThrottled(
      liveStore.subscribe,
      () => {
        const now = positionOf(vid);
        if (!now || (last && now.lat === last.lat && now.lon === last.lon)) return;
        last = now;
        // Not while the map is already moving (the selection's zoom-in, the user's wheel).
        if (!map.isMoving()) map.easeTo({ center: [now.lon, now.lat], duration: FOLLOW_GLIDE_MS });
      },
      FOLLOW_EVERY_MS,
    );
    // Only a drag by hand ends it: the map's own glides have no originalEvent.
    const dragged = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) onUserPanRef.current();
    };
    map.on('dragstart', dragged);
    return () => {
      stopLive();
      if (!isMapRemoved(map)) map.off('dragstart', dragged);
    };
  }, [map, vid, following]);

  return null;
}
