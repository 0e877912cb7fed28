import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { useMap } from '../../map/map-context.ts';

/** Frames all the user's geofences once they are read; a user who already moved the map keeps the view. */
export function FitToGeofences({ uid }: { uid: string }) {
  const map = useMap();
  const { data } = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });
  const done = useRef(false);

  useEffect(() => {
    const moved = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) done.current = true;
    };
    map.on('movestart', moved);
    return () => {
      map.off('movestart', moved);
    };
  }, [map]);

  useEffect(() => {
    if (done.current || !data) return;
    const points = data.geofences.flatMap((g) => g.coordinates);
    if (points.length === 0) return;
    done.current = true;
    const lngs = points.map((p) => p.lng);
    const lats = points.map((p) => p.lat);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 80, maxZoom: 15, duration: 0 },
    );
  }, [map, data]);

  return null;
}
