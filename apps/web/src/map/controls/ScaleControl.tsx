import { useEffect } from 'react';
import { isMapRemoved, useMap } from '../map-context.ts';
import { maplibregl } from '../maplibre.ts';

/** A metric scale bar, bottom left: with no streets offline, it is how one judges distances. */
export function ScaleControl() {
  const map = useMap();
  useEffect(() => {
    const control = new maplibregl.ScaleControl({ unit: 'metric', maxWidth: 120 });
    map.addControl(control, 'bottom-left');
    return () => {
      if (!isMapRemoved(map)) map.removeControl(control);
    };
  }, [map]);
  return null;
}
