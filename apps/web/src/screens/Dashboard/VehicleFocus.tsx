import { useEffect } from 'react';
import { useMap } from '../../map/map-context.ts';
import { liveStore } from '../../store/live-store.ts';

/** Selecting a vehicle zooms to 17 on its position (spec 1 §9). */
const VEHICLE_ZOOM = 17;

export function VehicleFocus({ vid }: { vid: string | null }) {
  const map = useMap();

  useEffect(() => {
    if (vid === null) return;
    const dvid = liveStore.vehicle(vid)?.dvid;
    const location = dvid === undefined ? null : liveStore.device(dvid)?.location;
    if (location) map.easeTo({ center: [location.lon, location.lat], zoom: VEHICLE_ZOOM });
  }, [map, vid]);

  return null;
}
