import { describe, expect, it } from 'vitest';
import { NEW_STREET_WATCH, stepStreetWatch, streetStyle, type StreetSignal, type StreetWatch } from './street-map.ts';

function run(signals: StreetSignal[]): boolean[] {
  let w: StreetWatch = NEW_STREET_WATCH;
  return signals.map((s) => {
    const r = stepStreetWatch(w, s);
    w = r.watch;
    return r.fallBack;
  });
}

describe('street map', () => {
  it('uses the style URL as it is, and wraps raster tiles in a style', () => {
    expect(streetStyle({ kind: 'style', url: 'https://maps.example.org/style.json' })).toBe(
      'https://maps.example.org/style.json',
    );
    const style = streetStyle({ kind: 'raster', tiles: 'https://t.example.org/{z}/{x}/{y}.png', attribution: '© OSM' });
    expect(style).toMatchObject({
      version: 8,
      sources: {
        'street-raster': { type: 'raster', tiles: ['https://t.example.org/{z}/{x}/{y}.png'], attribution: '© OSM' },
      },
    });
  });

  it('falls back when the style fails or is late, not once it has loaded', () => {
    expect(run(['styleError'])).toEqual([true]);
    expect(run(['timeout'])).toEqual([true]);
    expect(run(['styleLoaded', 'timeout', 'styleError'])).toEqual([false, false, false]);
  });

  it('falls back when tiles fail before any loads, and keeps the map once one has', () => {
    expect(run(['styleLoaded', 'tileError', 'tileError'])).toEqual([false, false, true]);
    expect(run(['styleLoaded', 'tileLoaded', 'tileError', 'tileError', 'tileError'])).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
