import { describe, expect, it } from 'vitest';
import { foldPlaceText, searchPlaces } from './search-places.ts';

describe('searchPlaces over the bundled gazetteer', () => {
  it('finds a town by its whole name first, then by its start, then by a word', () => {
    const hits = searchPlaces('kuah', 5);
    expect(hits[0]).toMatchObject({ name: 'Kuah', region: 'Kedah' });
    expect(hits[0]?.lat).toBeGreaterThan(6);
    expect(searchPlaces('Kota Bharu', 3)[0]).toMatchObject({ name: 'Kota Bharu', region: 'Kelantan' });
    const bharu = searchPlaces('bharu', 20).map((h) => h.name);
    expect(bharu).toContain('Kota Bharu');
  });

  it('ignores case, accents and punctuation, and reads a region after the name', () => {
    expect(searchPlaces('  SHAH-alam ', 1)[0]?.name).toBe('Shah Alam');
    expect(searchPlaces('kuah kedah', 1)[0]?.name).toBe('Kuah');
    expect(foldPlaceText('Bátu   Pahat!')).toBe('batu pahat');
  });

  it('puts Malaysian towns before those across the border', () => {
    const hits = searchPlaces('woodlands', 5);
    expect(hits.some((h) => h.region === 'Singapore')).toBe(true);
    const anak = searchPlaces('anak bukit', 5);
    expect(anak[0]?.region).toBe('Kedah');
    expect(anak[1]?.region).toBe('Singapore');
  });

  it('gives nothing for no match, an empty query or no room', () => {
    expect(searchPlaces('zzqxj', 5)).toEqual([]);
    expect(searchPlaces(' - ', 5)).toEqual([]);
    expect(searchPlaces('kuah', 0)).toEqual([]);
    expect(searchPlaces('a', 4)).toHaveLength(4);
  });
});
