import { PLAYBACK_STATUSES, type PlaybackTrack } from '@jejak/contract';
import type { TransitStatus } from '@jejak/domain';

/*
 * Trip Record's playback (issue 13 item 1): where the vehicle is at any instant of its track, and
 * the track drawn in speed colours. Pure: the engine and the layers call these once per frame.
 */

export interface PlaybackSample {
  /** The fix at or before the instant (the leg being driven starts there). */
  index: number;
  lon: number;
  lat: number;
  /** The leg's direction of travel, degrees clockwise from north. */
  heading: number;
  speedKmh: number;
  status: TransitStatus;
}

/** The index of the last fix at or before `timeMs` (0 before the first), by bisection. */
export function fixAt(track: Pick<PlaybackTrack, 'time'>, timeMs: number): number {
  const { time } = track;
  let lo = 0;
  let hi = time.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((time[mid] ?? Infinity) <= timeMs) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const at = (column: readonly number[], i: number) => column[i] ?? 0;

/**
 * The vehicle at `timeMs`: its place and speed interpolated along the leg between the fixes around
 * it, the leg's heading and the status it had at the leg's start; the first or last fix outside
 * the track. Null for an empty track.
 */
export function sampleAt(track: PlaybackTrack, timeMs: number): PlaybackSample | null {
  if (track.time.length === 0) return null;
  const i = fixAt(track, timeMs);
  const j = Math.min(i + 1, track.time.length - 1);
  const t0 = at(track.time, i);
  const t1 = at(track.time, j);
  const f = j === i || timeMs <= t0 ? 0 : Math.min(1, (timeMs - t0) / (t1 - t0));
  const lerp = (column: readonly number[]) => at(column, i) + (at(column, j) - at(column, i)) * f;
  return {
    index: i,
    lon: lerp(track.lon),
    lat: lerp(track.lat),
    heading: at(track.heading, i),
    speedKmh: lerp(track.speed),
    status: PLAYBACK_STATUSES[at(track.status, i)] ?? 'DISCONNECTED',
  };
}

/** The speed colour bands, slowest first: a band holds speeds from its `minKmh` up to the next's. */
export const SPEED_BANDS: readonly { minKmh: number; colour: string }[] = [
  { minKmh: 0, colour: '#8c8c8c' },
  { minKmh: 5, colour: '#1a9850' },
  { minKmh: 30, colour: '#91cf60' },
  { minKmh: 50, colour: '#fadb14' },
  { minKmh: 70, colour: '#fa8c16' },
  { minKmh: 90, colour: '#d7301f' },
  { minKmh: 110, colour: '#7f0000' },
];

/** The band index of a speed in km/h. */
export function speedBand(speedKmh: number): number {
  let band = 0;
  SPEED_BANDS.forEach((b, i) => {
    if (speedKmh >= b.minKmh) band = i;
  });
  return band;
}

/** The colour of a speed in km/h on the ramp. */
export const speedColour = (speedKmh: number): string => SPEED_BANDS[speedBand(speedKmh)]?.colour ?? '#8c8c8c';

/** The legend's label for band `i`: '0–5', …, '≥110'. */
export function speedBandLabel(i: number): string {
  const band = SPEED_BANDS[i];
  const next = SPEED_BANDS[i + 1];
  if (!band) return '';
  return next ? `${band.minKmh}–${next.minKmh}` : `≥${band.minKmh}`;
}

/**
 * The track as lines of one speed band each, in time order; each leg takes its later fix's speed
 * (as the path's chunks take the later fix's kind), and a line ends at the next's first point.
 */
export function speedFeatures(
  track: PlaybackTrack,
): GeoJSON.FeatureCollection<GeoJSON.LineString, { band: number; colour: string }> {
  type SpeedLine = GeoJSON.Feature<GeoJSON.LineString, { band: number; colour: string }>;
  const features: SpeedLine[] = [];
  let current = null as SpeedLine | null;
  for (let i = 1; i < track.time.length; i++) {
    const from: [number, number] = [at(track.lon, i - 1), at(track.lat, i - 1)];
    const to: [number, number] = [at(track.lon, i), at(track.lat, i)];
    const band = speedBand(at(track.speed, i));
    if (current?.properties.band === band) {
      current.geometry.coordinates.push(to);
      continue;
    }
    current = {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [from, to] },
      properties: { band, colour: SPEED_BANDS[band]?.colour ?? '#8c8c8c' },
    };
    features.push(current);
  }
  return { type: 'FeatureCollection', features };
}
