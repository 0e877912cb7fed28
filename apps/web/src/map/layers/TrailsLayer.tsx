import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { liveStore } from '../../store/live-store.ts';
import { subscribeThrottled } from '../../store/throttled.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { isMapRemoved, useMap } from '../map-context.ts';
import { diffTrails, type DrawnTrails } from './trail-features.ts';
import { statusColourExpression } from './vehicle-features.ts';

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
  const map = useMap();

  useEffect(() => {
    map.addSource(SOURCE_ID, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      promoteId: 'vid',
    });
    map.addLayer(
      {
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
      layerAbove(map, LAYER_ID),
    );
    const source = map.getSource<GeoJSONSource>(SOURCE_ID);

    const drawn: DrawnTrails = new Map();
    const unsubscribe = subscribeThrottled(
      liveStore.subscribe,
      () => {
        const diff = diffTrails(drawn, liveStore.vehicles(), (dvid) => liveStore.trail(dvid));
        if (diff.add.length > 0 || diff.remove.length > 0) void source?.updateData(diff);
      },
      REDRAW_INTERVAL_MS,
    );

    return () => {
      unsubscribe();
      if (isMapRemoved(map)) return;
      map.removeLayer(LAYER_ID);
      map.removeSource(SOURCE_ID);
    };
  }, [map]);

  return null;
}
