import { useEffect } from 'react';
import { focusZoom } from '../../map/focus-zoom.ts';
import { useMap } from '../../map/map-context.ts';
import { liveStore } from '../../store/live-store.ts';

/** Selecting a vehicle zooms to 17 on its position (spec 1 §9), where the basemap draws that close. */
const VEHICLE_ZOOM = 17;

export function VehicleFocus({ vid }: { vid: string | null }) {
  const map = useMap();

  useEffect(() => {
    if (vid === null) return;
    const dvid = liveStore.vehicle(vid)?.dvid;
    const location = dvid === undefined ? null : liveStore.device(dvid)?.location;
    if (location) map.easeTo({ center: [location.lon, location.lat], zoom: focusZoom(map, VEHICLE_ZOOM) });
  }, [map, vid]);

  return null;
}
