import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.ts';
import { mapSettings } from './map-settings.ts';
import { contentSecurityPolicy } from './security.ts';

describe('map settings', () => {
  it('serves the public street style by default and lets its host through the CSP', () => {
    const s = mapSettings(loadConfig({}));
    expect(s.config).toEqual({
      status: 200,
      basemap: { kind: 'style', url: 'https://tiles.openfreemap.org/styles/liberty' },
      traffic: null,
    });
    expect(s.origins).toEqual(['https://tiles.openfreemap.org']);
    const csp = contentSecurityPolicy(false, s.origins);
    expect(csp['connect-src']).toEqual(["'self'", 'https://tiles.openfreemap.org']);
    expect(csp['img-src']).toContain('https://tiles.openfreemap.org');
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('keeps every request on the site when offline', () => {
    const s = mapSettings(loadConfig({ JEJAK_MAP_STYLE_URL: 'offline' }));
    expect(s.config.basemap).toEqual({ kind: 'offline' });
    expect(s.origins).toEqual([]);
    expect(contentSecurityPolicy(false, s.origins)['connect-src']).toEqual(["'self'"]);
  });

  it('puts raster tiles before the style, adds traffic and extra origins once each', () => {
    const s = mapSettings(
      loadConfig({
        JEJAK_MAP_RASTER_TILES: 'https://a.tile.example.org/{z}/{x}/{y}.png',
        JEJAK_MAP_RASTER_ATTRIBUTION: '© Example',
        JEJAK_MAP_TRAFFIC_TILES: 'https://traffic.example.com:8443/{z}/{x}/{y}.png?key=k',
        JEJAK_MAP_ORIGINS: 'https://a.tile.example.org,https://glyphs.example.net',
      }),
    );
    expect(s.config.basemap).toEqual({
      kind: 'raster',
      tiles: 'https://a.tile.example.org/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
    expect(s.config.traffic).toEqual({
      tiles: 'https://traffic.example.com:8443/{z}/{x}/{y}.png?key=k',
      attribution: '',
    });
    expect(s.origins).toEqual([
      'https://a.tile.example.org',
      'https://traffic.example.com:8443',
      'https://glyphs.example.net',
    ]);
  });
});
