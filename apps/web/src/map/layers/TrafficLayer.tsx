import type { MapOverlay } from '@jejak/contract';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { useMapLayer } from '../use-map-layer.ts';

const SOURCE_ID = 'traffic';
const LAYER_ID: OrderedLayerId = 'traffic';

/** Live traffic tiles (JEJAK_MAP_TRAFFIC_TILES) over the basemap and under everything of ours. */
export function TrafficLayer({ overlay }: { overlay: MapOverlay }) {
  useMapLayer(
    {
      sources: [
        {
          id: SOURCE_ID,
          spec: {
            type: 'raster',
            tiles: [overlay.tiles],
            tileSize: 256,
            ...(overlay.attribution ? { attribution: overlay.attribution } : {}),
          },
        },
      ],
      layers: [
        {
          spec: { id: LAYER_ID, type: 'raster', source: SOURCE_ID, paint: { 'raster-opacity': 0.85 } },
          beforeId: (map) => layerAbove(map, LAYER_ID),
        },
      ],
    },
    [overlay.tiles, overlay.attribution],
  );
  return null;
}
