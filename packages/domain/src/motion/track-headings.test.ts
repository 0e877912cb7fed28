import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../geo.ts';
import { trackHeadings } from './track-headings.ts';

const KLANG = { lat: 3.0449, lon: 101.4456 };

describe('trackHeadings', () => {
  it('points each fix along the leg to the next, and holds over a stop', () => {
    const east = destinationPoint(KLANG, 90, 1);
    const drift = destinationPoint(east, 200, 0.002); // 2 m of parked drift
    const north = destinationPoint(drift, 0, 1);
    expect(trackHeadings([KLANG, east, drift, north])).toEqual([90, 90, 0, 0]);
  });

  it('gives fixes before the first step its heading, and the last fix the heading it came in on', () => {
    const a = destinationPoint(KLANG, 180, 0.001);
    const south = destinationPoint(a, 180, 1);
    expect(trackHeadings([KLANG, a, south])).toEqual([180, 180, 180]);
  });

  it('points north when the track never moves, and handles an empty track', () => {
    expect(trackHeadings([KLANG, KLANG])).toEqual([0, 0]);
    expect(trackHeadings([])).toEqual([]);
  });
});
