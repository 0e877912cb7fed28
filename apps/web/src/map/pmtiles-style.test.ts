import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { OFFLINE_STYLE_NAMES, offlineStyle } from './basemap.ts';
import { STREETS_STYLE_NAMES, pmtilesUrl, streetsStyle } from './pmtiles-style.ts';

const ARCHIVE = { kind: 'pmtiles', url: '/api/map/basemap.pmtiles', maxzoom: 15 } as const;
const ORIGIN = 'https://jejak.example.my';
const PROTOMAPS_LAYERS = ['earth', 'water', 'landuse', 'roads', 'buildings', 'places', 'boundaries'];

describe('the streets style of a PMTiles archive', () => {
  it('reads the archive from this site through the pmtiles protocol', () => {
    expect(pmtilesUrl('/api/map/basemap.pmtiles', ORIGIN)).toBe(`pmtiles://${ORIGIN}/api/map/basemap.pmtiles`);
  });

  for (const palette of ['light', 'dark'] as const) {
    it(`is a valid ${palette} style over the offline map, asking no other host and naming no glyphs`, () => {
      const style = streetsStyle(ARCHIVE, palette, ORIGIN);
      expect(validateStyleMin(style)).toEqual([]);
      expect(style.name).toBe(STREETS_STYLE_NAMES[palette]);
      expect(style.name).not.toBe(OFFLINE_STYLE_NAMES[palette]);
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      // The offline map's layers first (the world beyond the extract), then the streets over them.
      const ids = style.layers.map((l) => l.id);
      expect(ids.slice(0, offlineStyle(palette).layers.length)).toEqual(offlineStyle(palette).layers.map((l) => l.id));
      expect(style.sources['streets']).toMatchObject({
        type: 'vector',
        url: `pmtiles://${ORIGIN}/api/map/basemap.pmtiles`,
        attribution: expect.stringContaining('OpenStreetMap') as unknown,
      });
      const sourceLayers = new Set(style.layers.flatMap((l) => ('source-layer' in l ? [l['source-layer']] : [])));
      expect([...sourceLayers].every((name) => PROTOMAPS_LAYERS.includes(name ?? ''))).toBe(true);
      expect(ids).toEqual(expect.arrayContaining(['streets-highway', 'streets-road-labels', 'streets-place-labels']));
    });
  }

  it('draws light and dark in different colours', () => {
    const paint = (palette: 'light' | 'dark') =>
      streetsStyle(ARCHIVE, palette, ORIGIN).layers.find((l) => l.id === 'streets-earth')?.paint;
    expect(paint('light')).not.toEqual(paint('dark'));
  });
});
