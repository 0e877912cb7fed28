import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { focusZoom, setFocusZoomCap } from './focus-zoom.ts';

describe('focus zoom', () => {
  it('keeps the wanted zoom where the basemap draws it, else stops at the basemap max', () => {
    const map = {} as MapLibreMap;
    expect(focusZoom(map, 20)).toBe(20); // no basemap known yet
    setFocusZoomCap(map, { kind: 'offline' });
    expect(focusZoom(map, 17)).toBe(12);
    expect(focusZoom(map, 7)).toBe(7);
    setFocusZoomCap(map, { kind: 'pmtiles', url: '/api/map/basemap.pmtiles', maxzoom: 15 });
    expect(focusZoom(map, 17)).toBe(17);
    expect(focusZoom(map, 20)).toBe(20);
    setFocusZoomCap(map, { kind: 'raster', tiles: 'https://t.example.org/{z}/{x}/{y}.png', attribution: '' });
    expect(focusZoom(map, 20)).toBe(19);
  });
});
