import type { FilterSpecification, GeoJSONFeatureDiff, GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { liveStore } from '../../store/live-store.ts';
import { subscribeThrottled } from '../../store/throttled.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { useMapLayer } from '../use-map-layer.ts';
import { arrowSdfImage } from './arrow-icon.ts';
import {
  diffVehicleFeatures,
  statusColourExpression,
  vehicleFeature,
  type DrawnVehicles,
  type VehicleFeature,
  type VehicleFeaturesDiff,
} from './vehicle-features.ts';

const SOURCE_ID = 'vehicles';
const ARROW_LAYER_ID: OrderedLayerId = 'vehicles-arrows';
const SELECTED_LAYER_ID: OrderedLayerId = 'vehicles-selected';
const ARROW_IMAGE_ID = 'vehicle-arrow';
/** Drawn at twice the displayed size for sharp edges on high-density screens. */
const ARROW_IMAGE_PX = 48;
const ARROW_PIXEL_RATIO = 2;
/** Live updates are merged into one redraw at most this often (10k vehicles stay smooth). */
const REDRAW_INTERVAL_MS = 250;

/** A feature's redraw as a source diff: its new point and properties. */
function featureUpdate(feature: VehicleFeature): GeoJSONFeatureDiff {
  return {
    id: feature.properties.vid,
    newGeometry: feature.geometry,
    addOrUpdateProperties: [
      { key: 'status', value: feature.properties.status },
      { key: 'heading', value: feature.properties.heading },
    ],
  };
}

/**
 * Sends only what changed to the source (updateData, by feature id); the first draw, or a change
 * touching most of the fleet, sends it whole instead.
 */
function drawChanges(source: GeoJSONSource, drawn: DrawnVehicles, diff: VehicleFeaturesDiff, first: boolean): void {
  const changed = diff.add.length + diff.update.length + diff.remove.length;
  if (changed === 0 && !first) return;
  if (first || changed > drawn.size / 2) {
    const features: VehicleFeature[] = [];
    for (const { vehicle, device } of drawn.values()) {
      const feature = vehicleFeature(vehicle, device);
      if (feature) features.push(feature);
    }
    void source.setData({ type: 'FeatureCollection', features });
    return;
  }
  void source.updateData({ add: diff.add, update: diff.update.map(featureUpdate), remove: diff.remove });
}

function selectedFilter(vid: string | null): FilterSpecification {
  return ['==', ['get', 'vid'], vid ?? ''];
}

interface VehiclesLayerProps {
  selectedVid: string | null;
  onSelect: (vid: string) => void;
}

/** Arrows for every vehicle with a known position, coloured by status and turned by heading. */
export function VehiclesLayer({ selectedVid, onSelect }: VehiclesLayerProps) {
  const map = useMapLayer({
    images: [
      {
        id: ARROW_IMAGE_ID,
        draw: () => arrowSdfImage(ARROW_IMAGE_PX),
        options: { sdf: true, pixelRatio: ARROW_PIXEL_RATIO },
      },
    ],
    sources: [{ id: SOURCE_ID, spec: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } }],
    layers: [
      {
        spec: {
          id: SELECTED_LAYER_ID,
          type: 'circle',
          source: SOURCE_ID,
          filter: selectedFilter(null),
          paint: {
            'circle-radius': 18,
            'circle-color': statusColourExpression(),
            'circle-opacity': 0.2,
            'circle-stroke-width': 2,
            'circle-stroke-color': statusColourExpression(),
          },
        },
        beforeId: (m) => layerAbove(m, SELECTED_LAYER_ID),
      },
      {
        spec: {
          id: ARROW_LAYER_ID,
          type: 'symbol',
          source: SOURCE_ID,
          layout: {
            'icon-image': ARROW_IMAGE_ID,
            'icon-rotate': ['get', 'heading'],
            'icon-rotation-alignment': 'map',
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
          },
          paint: {
            'icon-color': statusColourExpression(),
            'icon-halo-color': '#ffffff',
            'icon-halo-width': 1.5,
          },
        },
        beforeId: (m) => layerAbove(m, ARROW_LAYER_ID),
        onClick: (event) => {
          const vid: unknown = event.features?.[0]?.properties['vid'];
          if (typeof vid === 'string') onSelect(vid);
        },
      },
    ],
    onAdd: (m) => {
      const source = m.getSource<GeoJSONSource>(SOURCE_ID);
      const drawn: DrawnVehicles = new Map();
      let first = true;
      return subscribeThrottled(
        liveStore.subscribe,
        () => {
          const began = performance.now();
          const diff = diffVehicleFeatures(drawn, liveStore.vehicles(), (dvid) => liveStore.device(dvid));
          if (source) drawChanges(source, drawn, diff, first);
          first = false;
          liveStore.metrics.redrawMs += performance.now() - began;
        },
        REDRAW_INTERVAL_MS,
      );
    },
  });

  useEffect(() => {
    map.setFilter(SELECTED_LAYER_ID, selectedFilter(selectedVid));
  }, [map, selectedVid]);

  return null;
}
