import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.ts';
import { mapSettings } from './map-settings.ts';
import { contentSecurityPolicy } from './security.ts';

describe('map settings', () => {
  it('serves the public street styles, light and dark, by default and lets their host through the CSP', () => {
    const s = mapSettings(loadConfig({}));
    expect(s.config).toEqual({
      status: 200,
      basemap: { kind: 'style', url: 'https://tiles.openfreemap.org/styles/liberty' },
      darkBasemap: { kind: 'style', url: 'https://tiles.openfreemap.org/styles/dark' },
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
    expect(s.config.darkBasemap).toEqual({ kind: 'offline' });
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
    expect(s.config.darkBasemap).toEqual(s.config.basemap);
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

  it('serves a configured dark style, and its host, beside a configured light one', () => {
    const s = mapSettings(
      loadConfig({
        JEJAK_MAP_STYLE_URL: 'https://maps.example.org/light.json',
        JEJAK_MAP_DARK_STYLE_URL: 'https://night.example.net/dark.json',
      }),
    );
    expect(s.config.darkBasemap).toEqual({ kind: 'style', url: 'https://night.example.net/dark.json' });
    expect(s.origins).toEqual(['https://maps.example.org', 'https://night.example.net']);
  });

  it('keeps the offline map in dark when the dark style is offline', () => {
    const s = mapSettings(loadConfig({ JEJAK_MAP_DARK_STYLE_URL: 'offline' }));
    expect(s.config.darkBasemap).toEqual({ kind: 'offline' });
    expect(s.origins).toEqual(['https://tiles.openfreemap.org']);
  });
});
