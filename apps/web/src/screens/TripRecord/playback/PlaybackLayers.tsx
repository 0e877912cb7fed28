import type { PlaybackStop, PlaybackTrack } from '@jejak/contract';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useMemo } from 'react';
import { arrowSdfImage } from '../../../map/layers/arrow-icon.ts';
import { signIcon } from '../../../map/layers/sign-icon.ts';
import { statusColour } from '../../../map/layers/vehicles/vehicle-features.ts';
import { useMapLayer } from '../../../map/use-map-layer.ts';
import { formatDateTime, formatDuration } from '../../../ui/format.ts';
import type { PlaybackSample } from './playback-track.ts';
import { speedFeatures } from './playback-track.ts';

export const PLAYBACK_VEHICLE_SOURCE = 'playback-vehicle';
export const PLAYBACK_SPEED_LAYER = 'playback-speed';
export const PLAYBACK_STOPS_SOURCE = 'playback-stops';
const ARROW_IMAGE = 'playback-arrow';
const STOP_ICON_PX = 40;
const STOP_LETTERS = { PARKING: 'P', IDLING: 'I' } as const;
const STOP_COLOURS = { PARKING: '#0958d9', IDLING: '#d48806' } as const;
/** The path's arrows stay above the speed colours; the stops and the vehicle above both. */
const PATH_ARROWS_LAYER = 'trip-path-arrows';

const empty = (): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: [] });

const underPathArrows = (map: MapLibreMap) => (map.getLayer(PATH_ARROWS_LAYER) ? PATH_ARROWS_LAYER : undefined);

/** A line width growing with the zoom: at 8, 14 and 18. */
const width = (min: number, mid: number, max: number): ExpressionSpecification => [
  'interpolate',
  ['linear'],
  ['zoom'],
  8,
  min,
  14,
  mid,
  18,
  max,
];

/**
 * The moving vehicle: a heading arrow in its status colour. Returns the function the playback
 * engine calls each frame; it writes the one point straight to the source, with no React render.
 */
export function usePlaybackVehicle(): (sample: PlaybackSample | null) => void {
  const map = useMapLayer({
    images: [{ id: ARROW_IMAGE, draw: () => arrowSdfImage(48), options: { sdf: true, pixelRatio: 2 }, keep: true }],
    sources: [{ id: PLAYBACK_VEHICLE_SOURCE, spec: { type: 'geojson', data: empty() } }],
    layers: [
      {
        spec: {
          id: PLAYBACK_VEHICLE_SOURCE,
          type: 'symbol',
          source: PLAYBACK_VEHICLE_SOURCE,
          layout: {
            'icon-image': ARROW_IMAGE,
            'icon-rotate': ['get', 'heading'],
            'icon-rotation-alignment': 'map',
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
          },
          paint: { 'icon-color': ['get', 'colour'], 'icon-halo-color': '#ffffff', 'icon-halo-width': 2 },
        },
      },
    ],
  });
  return useCallback(
    (sample: PlaybackSample | null) => {
      const source = map.getSource<GeoJSONSource>(PLAYBACK_VEHICLE_SOURCE);
      if (!source) return;
      void source.setData(
        sample
          ? {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [sample.lon, sample.lat] },
              properties: { heading: sample.heading, colour: statusColour(sample.status), speed: sample.speedKmh },
            }
          : empty(),
      );
    },
    [map],
  );
}

/** The track in speed colours (the legend's bands), over the path drawn by kind and under its arrows. */
export function SpeedTrackLayer({ track }: { track: PlaybackTrack }) {
  const data = useMemo(() => speedFeatures(track), [track]);
  useMapLayer({
    sources: [{ id: PLAYBACK_SPEED_LAYER, spec: { type: 'geojson', data: empty() }, data }],
    layers: [
      {
        spec: {
          id: `${PLAYBACK_SPEED_LAYER}-casing`,
          type: 'line',
          source: PLAYBACK_SPEED_LAYER,
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: { 'line-color': '#ffffff', 'line-width': width(6, 9, 13) },
        },
        beforeId: underPathArrows,
      },
      {
        spec: {
          id: PLAYBACK_SPEED_LAYER,
          type: 'line',
          source: PLAYBACK_SPEED_LAYER,
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: { 'line-color': ['get', 'colour'], 'line-width': width(3, 5, 8) },
        },
        beforeId: underPathArrows,
      },
    ],
  });
  return null;
}

interface StopMarkersProps {
  stops: readonly PlaybackStop[];
  /** The hover text's words: 'Parking' / 'Idling'. */
  labels: Record<PlaybackStop['transitStatus'], string>;
}

/** Parking (P) and idling (I) stops where they began, as round signs; hovering one names it, its time and duration. */
export function StopMarkers({ stops, labels }: StopMarkersProps) {
  const data = useMemo(
    (): GeoJSON.FeatureCollection<GeoJSON.Point> => ({
      type: 'FeatureCollection',
      features: stops.map((s) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [s.location.lon, s.location.lat] },
        properties: {
          status: s.transitStatus,
          icon: `playback-stop-${s.transitStatus}`,
          title: `${labels[s.transitStatus]} ${formatDuration(s.duration)} · ${formatDateTime(s.startTime)}`,
        },
      })),
    }),
    [stops, labels],
  );
  useMapLayer({
    images: (['PARKING', 'IDLING'] as const).map((status) => ({
      id: `playback-stop-${status}`,
      draw: () => signIcon(STOP_COLOURS[status], STOP_LETTERS[status], STOP_ICON_PX),
      options: { pixelRatio: 2 },
      keep: true,
    })),
    sources: [{ id: PLAYBACK_STOPS_SOURCE, spec: { type: 'geojson', data: empty() }, data }],
    layers: [
      {
        spec: {
          id: PLAYBACK_STOPS_SOURCE,
          type: 'symbol',
          source: PLAYBACK_STOPS_SOURCE,
          layout: { 'icon-image': ['get', 'icon'], 'icon-allow-overlap': true, 'icon-ignore-placement': true },
        },
        beforeId: (map) => (map.getLayer(PLAYBACK_VEHICLE_SOURCE) ? PLAYBACK_VEHICLE_SOURCE : undefined),
        popup: { textOf: (p) => (typeof p['title'] === 'string' ? p['title'] : null) },
      },
    ],
  });
  return null;
}
