import { describe, expect, it } from 'vitest';
import type { PlaybackTrack } from '@jejak/contract';
import {
  fixAt,
  sampleAt,
  speedBand,
  speedBandLabel,
  speedColour,
  speedFeatures,
  SPEED_BANDS,
} from './playback-track.ts';

// Three fixes a minute apart: parked, then east at 40 km/h, then north at 80 km/h.
const TRACK: PlaybackTrack = {
  time: [0, 60_000, 120_000],
  lat: [3, 3, 3.01],
  lon: [101, 101.01, 101.01],
  speed: [0, 40, 80],
  heading: [90, 0, 0],
  status: [2, 0, 0],
};

describe('sampleAt', () => {
  it('stands on a fix at its time', () => {
    expect(sampleAt(TRACK, 60_000)).toEqual({
      index: 1,
      lon: 101.01,
      lat: 3,
      heading: 0,
      speedKmh: 40,
      status: 'MOVING',
    });
  });

  it('interpolates place and speed along the leg, with the leg heading and its start status', () => {
    const s = sampleAt(TRACK, 15_000);
    expect(s?.index).toBe(0);
    expect(s?.lon).toBeCloseTo(101.0025, 9);
    expect(s?.lat).toBe(3);
    expect(s?.speedKmh).toBeCloseTo(10, 9);
    expect(s?.heading).toBe(90);
    expect(s?.status).toBe('PARKING');
    expect(sampleAt(TRACK, 90_000)?.lat).toBeCloseTo(3.005, 9);
  });

  it('holds the first fix before the track and the last after it; nothing on an empty track', () => {
    expect(sampleAt(TRACK, -5_000)).toMatchObject({ index: 0, lon: 101, lat: 3 });
    expect(sampleAt(TRACK, 999_000)).toMatchObject({ index: 2, lon: 101.01, lat: 3.01, speedKmh: 80 });
    expect(sampleAt({ time: [], lat: [], lon: [], speed: [], heading: [], status: [] }, 0)).toBeNull();
  });

  it('finds the fix at or before an instant', () => {
    expect([-1, 0, 59_999, 60_000, 119_999, 120_000, 200_000].map((t) => fixAt(TRACK, t))).toEqual([
      0, 0, 0, 1, 1, 2, 2,
    ]);
  });
});

describe('speed colours', () => {
  it('puts each speed in its band, the lower bound inclusive', () => {
    expect([0, 4.9, 5, 29.9, 30, 50, 70, 89.9, 90, 110, 180].map(speedBand)).toEqual([0, 0, 1, 1, 2, 3, 4, 4, 5, 6, 6]);
    expect(speedColour(0)).toBe(SPEED_BANDS[0]?.colour);
    expect(speedColour(120)).toBe('#7f0000');
    expect(SPEED_BANDS.map((_, i) => speedBandLabel(i))).toEqual([
      '0–5',
      '5–30',
      '30–50',
      '50–70',
      '70–90',
      '90–110',
      '≥110',
    ]);
  });

  it('draws one line per run of a band, each leg in its later fix speed, unbroken', () => {
    const track: PlaybackTrack = {
      time: [0, 1, 2, 3, 4],
      lat: [0, 0, 0, 0, 0],
      lon: [0, 1, 2, 3, 4],
      speed: [0, 40, 45, 95, 0],
      heading: [90, 90, 90, 90, 90],
      status: [0, 0, 0, 0, 0],
    };
    const lines = speedFeatures(track).features.map((f) => [
      f.properties.band,
      f.geometry.coordinates.map(([lon]) => lon),
    ]);
    expect(lines).toEqual([
      [2, [0, 1, 2]],
      [5, [2, 3]],
      [0, [3, 4]],
    ]);
    expect(speedFeatures({ ...track, time: [0], lat: [0], lon: [0] }).features).toEqual([]);
  });
});
