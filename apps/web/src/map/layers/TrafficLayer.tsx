import type { MapOverlay } from '@jejak/contract';
import { useEffect } from 'react';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { isMapRemoved, useMap } from '../map-context.ts';

const SOURCE_ID = 'traffic';
const LAYER_ID: OrderedLayerId = 'traffic';

/** Live traffic tiles (JEJAK_MAP_TRAFFIC_TILES) over the basemap and under everything of ours. */
export function TrafficLayer({ overlay }: { overlay: MapOverlay }) {
  const map = useMap();
  useEffect(() => {
    map.addSource(SOURCE_ID, {
      type: 'raster',
      tiles: [overlay.tiles],
      tileSize: 256,
      ...(overlay.attribution ? { attribution: overlay.attribution } : {}),
    });
    map.addLayer(
      { id: LAYER_ID, type: 'raster', source: SOURCE_ID, paint: { 'raster-opacity': 0.85 } },
      layerAbove(map, LAYER_ID),
    );
    return () => {
      if (isMapRemoved(map)) return;
      map.removeLayer(LAYER_ID);
      map.removeSource(SOURCE_ID);
    };
  }, [map, overlay.tiles, overlay.attribution]);
  return null;
}
