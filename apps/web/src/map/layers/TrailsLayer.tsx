import type { GeoJSONSource } from 'maplibre-gl';
import { liveStore } from '../../store/live-store.ts';
import { subscribeThrottled } from '../../store/throttled.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { useMapLayer } from '../use-map-layer.ts';
import { diffTrails, type DrawnTrails } from './trail-features.ts';
import { statusColourExpression } from './vehicles/vehicle-features.ts';

const SOURCE_ID = 'vehicle-trails';
const LAYER_ID: OrderedLayerId = 'vehicle-trails';
/** Same pace as the arrows, so a trail always ends under its arrow. */
const REDRAW_INTERVAL_MS = 250;

/**
 * Each vehicle's last few positions as a thin line in its status colour, under the arrows
 * (spec 1 §9: vehicle trail on by default). One source holds every trail; a redraw sends the
 * map only the trails that changed (10k full trails would cost a busy main thread ~100 ms to
 * copy to the worker on every redraw).
 */
export function TrailsLayer() {
  useMapLayer({
    sources: [
      {
        id: SOURCE_ID,
        spec: { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, promoteId: 'vid' },
      },
    ],
    layers: [
      {
        spec: {
          id: LAYER_ID,
          type: 'line',
          source: SOURCE_ID,
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: {
            'line-color': statusColourExpression(),
            'line-opacity': 0.55,
            'line-width': ['interpolate', ['linear'], ['zoom'], 8, 1.5, 13, 2.5, 17, 4],
          },
        },
        beforeId: (map) => layerAbove(map, LAYER_ID),
      },
    ],
    onAdd: (map) => {
      const source = map.getSource<GeoJSONSource>(SOURCE_ID);
      const drawn: DrawnTrails = new Map();
      return subscribeThrottled(
        liveStore.subscribe,
        () => {
          const diff = diffTrails(drawn, liveStore.vehicles(), (dvid) => liveStore.trail(dvid));
          if (diff.add.length > 0 || diff.remove.length > 0) void source?.updateData(diff);
        },
        REDRAW_INTERVAL_MS,
      );
    },
  });
  return null;
}
