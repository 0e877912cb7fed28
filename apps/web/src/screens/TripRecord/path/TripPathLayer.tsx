import type { VehicleLog } from '@jejak/contract';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { arrowSdfImage } from '../../../map/layers/arrow-icon.ts';
import { maplibregl } from '../../../map/maplibre.ts';
import { useMapLayer } from '../../../map/use-map-layer.ts';
import { pathChunks, pathFeatures, type PathSelection, type TimeSpan } from './path-chunks.ts';

export const PATH_SOURCE_ID = 'trip-path';
const CASING_LAYER_ID = 'trip-path-casing';
const LINE_LAYER_ID = 'trip-path';
const ARROWS_LAYER_ID = 'trip-path-arrows';
const ARROW_IMAGE = 'trip-path-arrow';
/** Direction arrows repeat every 100 px along the path (spec 1 §2). */
export const ARROW_SPACING_PX = 100;
const FIT_PADDING = 60;

function fitTo(map: MapLibreMap, points: readonly [number, number][], maxZoom: number): void {
  const first = points[0];
  if (!first) return;
  const bounds = points.reduce((b, p) => b.extend(p), new maplibregl.LngLatBounds(first, first));
  map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom, duration: 0 });
}

interface TripPathLayerProps {
  logs: readonly VehicleLog[];
  selection: PathSelection;
  /** A span to bring into view (the selected record or trip); the whole path when null. */
  focus: TimeSpan | null;
}

/**
 * The vehicle's path (spec 1 §2): chunks coloured by kind on a white casing, with direction
 * arrows every 100 px along the line. Fits the view to the path on each lookup, and to the
 * selected span when one is picked.
 */
export function TripPathLayer({ logs, selection, focus }: TripPathLayerProps) {
  const data = useMemo(() => pathFeatures(pathChunks(logs, selection)), [logs, selection]);
  const map = useMapLayer({
    images: [{ id: ARROW_IMAGE, draw: () => arrowSdfImage(24), options: { sdf: true, pixelRatio: 2 }, keep: true }],
    sources: [
      { id: PATH_SOURCE_ID, spec: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } }, data },
    ],
    layers: [
      {
        spec: {
          id: CASING_LAYER_ID,
          type: 'line',
          source: PATH_SOURCE_ID,
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: {
            'line-color': '#ffffff',
            'line-width': ['interpolate', ['linear'], ['zoom'], 8, 5, 14, 8, 18, 12],
          },
        },
      },
      {
        spec: {
          id: LINE_LAYER_ID,
          type: 'line',
          source: PATH_SOURCE_ID,
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: {
            'line-color': ['get', 'colour'],
            'line-width': ['interpolate', ['linear'], ['zoom'], 8, 3, 14, 5, 18, 8],
          },
        },
      },
      {
        spec: {
          id: ARROWS_LAYER_ID,
          type: 'symbol',
          source: PATH_SOURCE_ID,
          layout: {
            'symbol-placement': 'line',
            'symbol-spacing': ARROW_SPACING_PX,
            'icon-image': ARROW_IMAGE,
            // The arrow image points north; along a line, east is the direction of travel.
            'icon-rotate': 90,
            'icon-rotation-alignment': 'map',
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
            'icon-size': ['interpolate', ['linear'], ['zoom'], 8, 0.7, 16, 1],
          },
          paint: { 'icon-color': '#ffffff', 'icon-halo-color': ['get', 'colour'], 'icon-halo-width': 1.5 },
        },
      },
    ],
  });

  // A new path, or a new span picked: bring it into view.
  useEffect(() => {
    const inSpan = focus
      ? logs.filter((l) => l.vehicleTime >= focus.startTime && l.vehicleTime <= focus.endTime)
      : logs;
    fitTo(
      map,
      inSpan.map((l) => [l.location.lon, l.location.lat]),
      focus ? 17 : 16,
    );
  }, [map, logs, focus]);

  return null;
}
