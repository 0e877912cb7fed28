import { zoomIntoCluster } from '../cluster-zoom.ts';
import type { GeoJSONFeatureDiff, GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { liveStore } from '../../../store/live-store.ts';
import { useThemeMode } from '../../../store/theme-mode.ts';
import { subscribeThrottled } from '../../../store/throttled.ts';
import { layerAbove, type OrderedLayerId } from '../../layer-order.ts';
import { useMapLayer } from '../../use-map-layer.ts';
import { arrowSdfImage } from '../arrow-icon.ts';
import { drawTextImages } from '../text-image.ts';
import {
  diffVehicleFeatures,
  vehicleFeature,
  type DrawnVehicles,
  type VehicleFeature,
  type VehicleFeaturesDiff,
  type VehicleShown,
} from './vehicle-features.ts';
import {
  ARROWS_LAYER,
  CLUSTER_COUNTS_LAYER,
  CLUSTERS_LAYER,
  SELECTED_LAYER,
  VEHICLE_ARROW_IMAGE,
  VEHICLES_SOURCE,
  VEHICLES_SOURCE_SPEC,
  platesLayer,
  selectedFilter,
} from './vehicle-layers.ts';

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
      { key: 'plate', value: feature.properties.plate },
    ],
  };
}

/**
 * Sends only what changed to the source (updateData, by feature id); the first draw, or a change
 * touching most of the fleet, sends it whole instead.
 */
function drawChanges(source: GeoJSONSource, drawn: DrawnVehicles, diff: VehicleFeaturesDiff, whole: boolean): void {
  const changed = diff.add.length + diff.update.length + diff.remove.length;
  if (changed === 0 && !whole) return;
  if (whole || changed > drawn.size / 2) {
    const features: VehicleFeature[] = [];
    for (const { vehicle, device, drawn: shown } of drawn.values()) {
      const feature = shown ? vehicleFeature(vehicle, device) : null;
      if (feature) features.push(feature);
    }
    void source.setData({ type: 'FeatureCollection', features });
    return;
  }
  void source.updateData({ add: diff.add, update: diff.update.map(featureUpdate), remove: diff.remove });
}

const before = (id: OrderedLayerId) => (m: Parameters<typeof layerAbove>[0]) => layerAbove(m, id);

interface VehiclesLayerProps {
  selectedVid: string | null;
  onSelect: (vid: string) => void;
  /** Which vehicles are drawn (the fleet list's state filter); all when absent. */
  shown?: VehicleShown;
}

/**
 * Arrows for every vehicle with a known position, coloured by status and turned by heading, with
 * its plate under it at street zooms; vehicles close together are one counted disc when zoomed
 * out (a click zooms into it).
 */
export function VehiclesLayer({ selectedVid, onSelect, shown }: VehiclesLayerProps) {
  const dark = useThemeMode() === 'dark';
  const shownRef = useRef<VehicleShown | undefined>(shown);
  shownRef.current = shown;
  const redrawWhole = useRef<() => void>(() => {});
  const map = useMapLayer({
    images: [
      {
        id: VEHICLE_ARROW_IMAGE,
        draw: () => arrowSdfImage(ARROW_IMAGE_PX),
        options: { sdf: true, pixelRatio: ARROW_PIXEL_RATIO },
      },
    ],
    sources: [{ id: VEHICLES_SOURCE, spec: VEHICLES_SOURCE_SPEC }],
    layers: [
      { spec: SELECTED_LAYER, beforeId: before('vehicles-selected') },
      { spec: platesLayer(dark), beforeId: before('vehicles-plates') },
      {
        spec: ARROWS_LAYER,
        beforeId: before('vehicles-arrows'),
        onClick: (event) => {
          const vid: unknown = event.features?.[0]?.properties['vid'];
          if (typeof vid === 'string') onSelect(vid);
        },
      },
      { spec: CLUSTERS_LAYER, beforeId: before('vehicles-clusters'), onClick: zoomIntoCluster(VEHICLES_SOURCE) },
      { spec: CLUSTER_COUNTS_LAYER, beforeId: before('vehicles-cluster-counts') },
    ],
    onAdd: (m) => {
      const source = m.getSource<GeoJSONSource>(VEHICLES_SOURCE);
      const drawn: DrawnVehicles = new Map();
      let whole = true;
      const redraw = () => {
        const began = performance.now();
        const diff = diffVehicleFeatures(
          drawn,
          liveStore.vehicles(),
          (dvid) => liveStore.device(dvid),
          shownRef.current,
        );
        if (source) drawChanges(source, drawn, diff, whole);
        whole = false;
        liveStore.metrics.redrawMs += performance.now() - began;
      };
      redrawWhole.current = () => {
        drawn.clear();
        whole = true;
        redraw();
      };
      const stopImages = drawTextImages(m);
      const stopLive = subscribeThrottled(liveStore.subscribe, redraw, REDRAW_INTERVAL_MS);
      return () => {
        stopLive();
        stopImages();
        redrawWhole.current = () => {};
      };
    },
  });

  useEffect(() => {
    map.setFilter(SELECTED_LAYER.id, selectedFilter(selectedVid));
  }, [map, selectedVid]);

  // Another filter: every arrow is weighed again and the source sent whole.
  useEffect(() => {
    redrawWhole.current();
  }, [shown]);

  return null;
}
