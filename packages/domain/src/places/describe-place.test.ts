import { describe, expect, it } from 'vitest';
import borderJson from './border-places.json' with { type: 'json' };
import myJson from './my-places.json' with { type: 'json' };
import { BORDER_PLACES, describePlace, formatCoordinates, MY_PLACES } from './describe-place.ts';
import { MY_STATES } from './regions.ts';

describe('describePlace', () => {
  it.each([
    ['KLCC, Kuala Lumpur', 3.1579, 101.7123, 'Kampung Baru, Kuala Lumpur'],
    ['Komtar, George Town', 5.4145, 100.3293, 'George Town, Penang'],
    ['City Square, Johor Bahru', 1.46, 103.7636, 'Johor Bahru, Johor'],
    ['Kota Kinabalu city centre', 5.9804, 116.0735, 'Kota Kinabalu, Sabah'],
    ['Kuching waterfront', 1.559, 110.346, 'Kuching, Sarawak'],
    ['Kuah jetty, Langkawi', 6.3127, 99.8503, 'Kuah, Kedah'],
    ['Perdana Putra, Putrajaya (town named like its territory)', 2.9264, 101.6964, 'Putrajaya'],
    ['Labuan town', 5.28, 115.24, 'Labuan'],
    ['Padang Besar border crossing', 6.6621, 100.3211, 'near Kampung Titi Tinggi, Perlis'],
    ['Belaga road, interior of Sarawak', 2.5, 114.0, 'near Belaga, Sarawak'],
    ['Marina Bay, Singapore', 1.2834, 103.8607, 'Marina Bay, Singapore'],
    ['Woodlands checkpoint, Singapore', 1.445, 103.769, 'Marsiling, Singapore'],
    ['Hat Yai, Thailand', 7.0084, 100.4767, 'Hat Yai, Thailand'],
    ['South China Sea, 200 km off Terengganu', 4.5, 106.0, '4.50000, 106.00000'],
    ['Bangkok, far beyond the gazetteer', 13.7563, 100.5018, '13.75630, 100.50180'],
    ['Gulf of Guinea (0, 0)', 0, 0, '0.00000, 0.00000'],
  ])('%s', (_, lat, lon, address) => {
    expect(describePlace(lat, lon)).toBe(address);
  });

  it('says "near" between 2 and 50 km from the nearest town', () => {
    // Kuah is at 6.3265, 99.8432; one degree of latitude is 111.2 km.
    expect(describePlace(6.3265 + 1.9 / 111.2, 99.8432)).toBe('Kuah, Kedah');
    expect(describePlace(6.3265 + 2.1 / 111.2, 99.8432)).toMatch(/^near /);
  });

  it('gives no address for coordinates that are not a place on Earth', () => {
    for (const [lat, lon] of [
      [Number.NaN, 101],
      [3, Number.POSITIVE_INFINITY],
      [91, 101],
      [3, -180.5],
    ] as const)
      expect(describePlace(lat, lon)).toBe('');
  });

  it('formats coordinates with 5 decimals', () => {
    expect(formatCoordinates(3.1478, 101.6953)).toBe('3.14780, 101.69530');
    expect(formatCoordinates(-0.000001, -101.123456)).toBe('-0.00000, -101.12346');
  });
});

describe('the bundled gazetteer', () => {
  it('reads back every row', () => {
    expect(MY_PLACES).toHaveLength(myJson.length);
    expect(BORDER_PLACES).toHaveLength(borderJson.length);
    expect(MY_PLACES.length).toBeGreaterThan(700);
    expect(BORDER_PLACES.length).toBeGreaterThan(200);
  });

  it('gives every Malaysian town a state or federal territory, and each of the 16 has towns', () => {
    const states = new Set(MY_PLACES.map(([, , , state]) => state));
    expect([...states].sort()).toEqual(Object.values(MY_STATES).sort());
  });
});
