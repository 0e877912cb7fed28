import { useEffect } from 'react';
import { isMapRemoved, useMap } from '../map-context.ts';
import { maplibregl } from '../maplibre.ts';

/** Zoom buttons (rotation is off on the dashboard, so no compass). */
export function NavigationControl() {
  const map = useMap();
  useEffect(() => {
    const control = new maplibregl.NavigationControl({ showCompass: false });
    map.addControl(control, 'top-left');
    return () => {
      if (!isMapRemoved(map)) map.removeControl(control);
    };
  }, [map]);
  return null;
}
