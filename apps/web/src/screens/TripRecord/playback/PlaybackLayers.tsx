import type { PlaybackStop, PlaybackTrack } from '@jejak/contract';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo } from 'react';
import { arrowSdfImage } from '../../../map/layers/arrow-icon.ts';
import { hoverPopup } from '../../../map/layers/hover-popup.ts';
import { signIcon } from '../../../map/layers/sign-icon.ts';
import { statusColour } from '../../../map/layers/vehicle-features.ts';
import { isMapRemoved, useMap } from '../../../map/map-context.ts';
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

function removeAll(map: MapLibreMap, layers: readonly string[], source: string): void {
  if (isMapRemoved(map)) return;
  for (const layer of layers) if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(source)) map.removeSource(source);
}

/**
 * The moving vehicle: a heading arrow in its status colour. Returns the function the playback
 * engine calls each frame; it writes the one point straight to the source, with no React render.
 */
export function usePlaybackVehicle(): (sample: PlaybackSample | null) => void {
  const map = useMap();
  useEffect(() => {
    if (!map.hasImage(ARROW_IMAGE)) map.addImage(ARROW_IMAGE, arrowSdfImage(48), { sdf: true, pixelRatio: 2 });
    map.addSource(PLAYBACK_VEHICLE_SOURCE, { type: 'geojson', data: empty() });
    map.addLayer({
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
    });
    return () => removeAll(map, [PLAYBACK_VEHICLE_SOURCE], PLAYBACK_VEHICLE_SOURCE);
  }, [map]);
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
  const map = useMap();
  const data = useMemo(() => speedFeatures(track), [track]);
  useEffect(() => {
    map.addSource(PLAYBACK_SPEED_LAYER, { type: 'geojson', data: empty() });
    const below = map.getLayer(PATH_ARROWS_LAYER) ? PATH_ARROWS_LAYER : undefined;
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
    map.addLayer(
      {
        id: `${PLAYBACK_SPEED_LAYER}-casing`,
        type: 'line',
        source: PLAYBACK_SPEED_LAYER,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': width(6, 9, 13) },
      },
      below,
    );
    map.addLayer(
      {
        id: PLAYBACK_SPEED_LAYER,
        type: 'line',
        source: PLAYBACK_SPEED_LAYER,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': ['get', 'colour'], 'line-width': width(3, 5, 8) },
      },
      below,
    );
    return () => removeAll(map, [PLAYBACK_SPEED_LAYER, `${PLAYBACK_SPEED_LAYER}-casing`], PLAYBACK_SPEED_LAYER);
  }, [map]);
  useEffect(() => {
    void map.getSource<GeoJSONSource>(PLAYBACK_SPEED_LAYER)?.setData(data);
  }, [map, data]);
  return null;
}

interface StopMarkersProps {
  stops: readonly PlaybackStop[];
  /** The hover text's words: 'Parking' / 'Idling'. */
  labels: Record<PlaybackStop['transitStatus'], string>;
}

/** Parking (P) and idling (I) stops where they began, as round signs; hovering one names it, its time and duration. */
export function StopMarkers({ stops, labels }: StopMarkersProps) {
  const map = useMap();
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
  useEffect(() => {
    for (const status of ['PARKING', 'IDLING'] as const) {
      const icon = map.hasImage(`playback-stop-${status}`)
        ? null
        : signIcon(STOP_COLOURS[status], STOP_LETTERS[status], STOP_ICON_PX);
      if (icon) map.addImage(`playback-stop-${status}`, icon, { pixelRatio: 2 });
    }
    map.addSource(PLAYBACK_STOPS_SOURCE, { type: 'geojson', data: empty() });
    map.addLayer(
      {
        id: PLAYBACK_STOPS_SOURCE,
        type: 'symbol',
        source: PLAYBACK_STOPS_SOURCE,
        layout: { 'icon-image': ['get', 'icon'], 'icon-allow-overlap': true, 'icon-ignore-placement': true },
      },
      map.getLayer(PLAYBACK_VEHICLE_SOURCE) ? PLAYBACK_VEHICLE_SOURCE : undefined,
    );
    const unhover = hoverPopup(map, PLAYBACK_STOPS_SOURCE, (p) => (typeof p['title'] === 'string' ? p['title'] : null));
    return () => {
      unhover();
      removeAll(map, [PLAYBACK_STOPS_SOURCE], PLAYBACK_STOPS_SOURCE);
    };
  }, [map]);
  useEffect(() => {
    void map.getSource<GeoJSONSource>(PLAYBACK_STOPS_SOURCE)?.setData(data);
  }, [map, data]);
  return null;
}
