import { describe, expect, it } from 'vitest';
import { basemapMaxZoom, MapBasemapSchema } from './map-config.ts';

describe('basemap max zoom', () => {
  it('stops the offline map at 12, an archive five past its own max, raster at 19', () => {
    expect(basemapMaxZoom({ kind: 'offline' })).toBe(12);
    expect(basemapMaxZoom({ kind: 'pmtiles', url: '/api/map/basemap.pmtiles', maxzoom: 15 })).toBe(20);
    expect(basemapMaxZoom({ kind: 'pmtiles', url: '/api/map/basemap.pmtiles', maxzoom: 20 })).toBe(22);
    expect(basemapMaxZoom({ kind: 'raster', tiles: 'https://t.example.org/{z}/{x}/{y}.png', attribution: '' })).toBe(
      19,
    );
    expect(basemapMaxZoom({ kind: 'style', url: 'https://maps.example.org/style.json' })).toBe(22);
  });

  it('reads an archive basemap only with a whole max zoom', () => {
    expect(MapBasemapSchema.safeParse({ kind: 'pmtiles', url: '/a.pmtiles', maxzoom: 14 }).success).toBe(true);
    expect(MapBasemapSchema.safeParse({ kind: 'pmtiles', url: '/a.pmtiles', maxzoom: 14.5 }).success).toBe(false);
    expect(MapBasemapSchema.safeParse({ kind: 'pmtiles', url: '/a.pmtiles' }).success).toBe(false);
  });
});
