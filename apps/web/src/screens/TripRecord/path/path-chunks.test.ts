import { describe, expect, it } from 'vitest';
import { pathChunks, type PathSelection } from './path-chunks.ts';

const T0 = Date.UTC(2026, 0, 5, 1);
const MIN = 60_000;
/** A fix a minute from T0 at longitude 101 + minute/100; `late` ones came from memory. */
const fix = (minute: number, late = false) => ({
  vehicleTime: T0 + minute * MIN,
  memory: late,
  location: { lat: 3, lon: 101 + minute / 100 },
});
const lon = (minute: number): [number, number] => [101 + minute / 100, 3];
const kinds = (logs: ReturnType<typeof fix>[], selection: PathSelection = {}) =>
  pathChunks(logs, selection).map((c) => [c.kind, c.coordinates.length]);

describe('Trip Record path chunks (spec 1 §2)', () => {
  it('draws a live drive as one normal chunk', () => {
    expect(pathChunks([fix(0), fix(1), fix(2)], {})).toEqual([
      { kind: 'normal', coordinates: [lon(0), lon(1), lon(2)] },
    ]);
  });

  it('greys late fixes from memory, joining them to the fixes around them', () => {
    const chunks = pathChunks([fix(0), fix(1), fix(2, true), fix(3, true), fix(4)], {});
    expect(chunks).toEqual([
      { kind: 'normal', coordinates: [lon(0), lon(1)] },
      { kind: 'memory', coordinates: [lon(1), lon(2), lon(3)] },
      { kind: 'normal', coordinates: [lon(3), lon(4)] },
    ]);
  });

  it('shows the selected transit over the selected trip over memory', () => {
    const logs = [0, 1, 2, 3, 4, 5, 6, 7].map((m) => fix(m, m === 4));
    const trip = { startTime: T0 + 2 * MIN, endTime: T0 + 6 * MIN };
    const transit = { startTime: T0 + 3 * MIN, endTime: T0 + 4 * MIN };
    expect(kinds(logs, { trip })).toEqual([
      ['normal', 2],
      ['trip', 6],
      ['normal', 2],
    ]);
    expect(kinds(logs, { trip, transit })).toEqual([
      ['normal', 2],
      ['trip', 2],
      ['transit', 3],
      ['trip', 3],
      ['normal', 2],
    ]);
  });

  it('drops a fix that jumps more than one unit from the last drawn one (spec 1 §5)', () => {
    const stray = { vehicleTime: T0 + 90_000, memory: false, location: { lat: 0, lon: 0 } };
    expect(pathChunks([fix(0), fix(1), stray, fix(2)], {})).toEqual([
      { kind: 'normal', coordinates: [lon(0), lon(1), lon(2)] },
    ]);
  });

  it('leaves out a lone fix and an empty log', () => {
    expect(pathChunks([fix(0)], {})).toEqual([]);
    expect(pathChunks([], {})).toEqual([]);
  });
});
