import { describe, expect, it } from 'vitest';
import { createPlaceIndex, type PlaceRow } from './place-index.ts';
import { BORDER_PLACES, MY_PLACES } from './describe-place.ts';
import { borderPlaceRows, malaysianPlaceRows, parsePlaceRows, type GazetteerCity } from './place-rows.ts';

const city = (name: string, lng: string, lat: string, country = 'MY', admin1 = '02'): GazetteerCity => ({
  name,
  lng,
  lat,
  country,
  admin1,
});

describe('malaysianPlaceRows', () => {
  it('keeps Malaysia, names the state, rounds to 4 decimals, sorts and drops repeats and bad rows', () => {
    const rows = malaysianPlaceRows([
      city('Kuah', '99.8432', '6.32649'),
      city('Hat Yai', '100.47668', '7.00836', 'TH', '68'),
      city('Ampang', '101.76171', '3.14925', 'MY', '12'),
      city('Ampang', '101.76171', '3.149251', 'MY', '12'),
      city(' Ampang ', '100.1', '4.5', 'MY', '07'),
      city('Somewhere', '101', '3', 'MY', '99'),
      city('', '101', '3'),
      city('Nowhere', 'abc', '3'),
      city('Pole', '101', '95'),
    ]);
    expect(rows).toEqual([
      ['Ampang', 100.1, 4.5, 'Perak'],
      ['Ampang', 101.7617, 3.1493, 'Selangor'],
      ['Kuah', 99.8432, 6.3265, 'Kedah'],
      ['Somewhere', 101, 3, ''],
    ]);
  });
});

describe('borderPlaceRows', () => {
  it('keeps the neighbouring countries’ towns within 100 km of a Malaysian town, with the country', () => {
    const malaysian: PlaceRow[] = [['Johor Bahru', 103.7578, 1.4655, 'Johor']];
    const rows = borderPlaceRows(
      [
        city('Woodlands', '103.78877', '1.43801', 'SG', '00'),
        city('Batam', '104.0305', '1.14937', 'ID', '37'),
        city('Pekanbaru', '101.44167', '0.51667', 'ID', '37'),
        city('Johor Bahru', '103.7578', '1.4655', 'MY', '01'),
        city('Tokyo', '139.69171', '35.6895', 'JP', '40'),
      ],
      malaysian,
    );
    expect(rows).toEqual([
      ['Batam', 104.0305, 1.1494, 'Indonesia'],
      ['Woodlands', 103.7888, 1.438, 'Singapore'],
    ]);
  });
});

describe('parsePlaceRows', () => {
  it('reads rows back and skips anything else', () => {
    expect(
      parsePlaceRows([['Kuah', 99.8432, 6.3265, 'Kedah'], ['Kuah', 99.8432, 6.3265], 'y', ['z', '1', 2, 'x']]),
    ).toEqual([['Kuah', 99.8432, 6.3265, 'Kedah']]);
    expect(parsePlaceRows({})).toEqual([]);
  });
});

describe('createPlaceIndex', () => {
  const grid: PlaceRow[] = [];
  // A town every 0.3° across 20°×10°, named by its position.
  for (let lon = 95; lon <= 115; lon += 0.3)
    for (let lat = -2; lat <= 8; lat += 0.3) grid.push([`${lat.toFixed(1)}/${lon.toFixed(1)}`, lon, lat, 'x']);
  const index = createPlaceIndex(grid);

  const bruteForce = (lat: number, lon: number, maxKm: number) => {
    let best: { place: PlaceRow; km: number } | null = null;
    for (const place of grid) {
      const km =
        111.19 * Math.hypot((place[1] - lon) * Math.cos((((lat + place[2]) / 2) * Math.PI) / 180), place[2] - lat);
      if (km <= maxKm && (!best || km < best.km)) best = { place, km };
    }
    return best;
  };

  it('finds the same nearest town as a scan of every town, across cell edges', () => {
    for (let i = 0; i < 500; i++) {
      const lat = -3 + ((i * 37) % 120) / 10;
      const lon = 94 + ((i * 53) % 230) / 10;
      for (const maxKm of [5, 30, 100]) {
        const expected = bruteForce(lat, lon, maxKm);
        const found = index.nearest(lat, lon, maxKm);
        expect(found?.place, `${lat}, ${lon} within ${maxKm} km`).toBe(expected?.place);
        if (expected) expect(found?.km).toBeCloseTo(expected.km, 1);
      }
    }
  });

  it('finds the same nearest town as a scan of every town among the real, uneven Malaysian towns', () => {
    const real = [...MY_PLACES, ...BORDER_PLACES];
    const realIndex = createPlaceIndex(real);
    for (let i = 0; i < 2000; i++) {
      const lat = 0.5 + ((i * 7919) % 7000) / 1000;
      const lon = 99 + ((i * 104_729) % 20_000) / 1000;
      let expected: PlaceRow | null = null;
      let bestKm = Infinity;
      for (const place of real) {
        const km =
          111.19 * Math.hypot((place[1] - lon) * Math.cos((((lat + place[2]) / 2) * Math.PI) / 180), place[2] - lat);
        if (km <= 50 && km < bestKm) [expected, bestKm] = [place, km];
      }
      expect(realIndex.nearest(lat, lon, 50)?.place ?? null, `${lat}, ${lon}`).toBe(expected);
    }
  });

  it('finds nothing far from every town, near the poles or across the antimeridian', () => {
    expect(index.nearest(30, 100, 50)).toBeNull();
    expect(index.nearest(89.99, 100, 50)).toBeNull();
    const dateLine = createPlaceIndex([['Taveuni', 179.97, -16.8, 'Fiji']]);
    expect(dateLine.nearest(-16.8, -179.99, 50)?.place[0]).toBe('Taveuni');
  });
});
