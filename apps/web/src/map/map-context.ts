import type { Map as MapLibreMap } from 'maplibre-gl';
import { createContext, useContext } from 'react';

export const MapContext = createContext<MapLibreMap | null>(null);

/** The loaded map of the enclosing MapView; layers and controls render only inside one. */
export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap must be used inside a MapView');
  return map;
}

/**
 * React runs an unmounting parent's effect cleanups before its children's, so MapView may
 * already have removed the map when a layer cleans up; removing its layers is moot then.
 */
export function isMapRemoved(map: MapLibreMap): boolean {
  return map._removed;
}
