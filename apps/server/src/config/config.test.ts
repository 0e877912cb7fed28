import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load.ts';
import { ConfigSchema } from './schema.ts';

describe('configuration', () => {
  it('has a default for every key', () => {
    const c = loadConfig({});
    expect(c.JEJAK_HTTP_PORT).toBe(8080);
    expect(c.JEJAK_GT06_PORT).toBe(5023);
    expect(c.JEJAK_HTTP_PORT).toBe(8080);
    expect(c.JEJAK_DEMO).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('takes environment overrides with their types', () => {
    const c = loadConfig({ JEJAK_HTTP_PORT: '9000', JEJAK_DEMO: 'no', JEJAK_TRANSIT_MOVING_SPEED_KMH: '7.5' });
    expect([c.JEJAK_HTTP_PORT, c.JEJAK_DEMO, c.JEJAK_TRANSIT_MOVING_SPEED_KMH]).toEqual([9000, false, 7.5]);
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        JEJAK_HTTP_PORT: 'eighty',
        JEJAK_DEMO: 'maybe',
        DATABASE_URL: 'mysql://x',
        JEJAK_DEMO_PASSWORD: 'short',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(keys.sort()).toEqual(['DATABASE_URL', 'JEJAK_DEMO', 'JEJAK_DEMO_PASSWORD', 'JEJAK_HTTP_PORT']);
  });

  it('checks the time zone at boot, naming the bad value next to every other bad key', () => {
    expect(loadConfig({}).JEJAK_TIME_ZONE).toBe('Asia/Kuala_Lumpur');
    expect(loadConfig({ JEJAK_TIME_ZONE: 'Europe/London' }).JEJAK_TIME_ZONE).toBe('Europe/London');
    // Spelt in another case, it is kept as the zone's own name (day rows remember it by name).
    expect(loadConfig({ JEJAK_TIME_ZONE: 'asia/kuala_lumpur' }).JEJAK_TIME_ZONE).toBe('Asia/Kuala_Lumpur');
    expect(loadConfig({ JEJAK_TIME_ZONE: 'UTC' }).JEJAK_TIME_ZONE).toBe('UTC');
    let error: unknown;
    try {
      loadConfig({ JEJAK_TIME_ZONE: 'Asia/Kuala Lumpur', JEJAK_HTTP_PORT: 'eighty' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['JEJAK_HTTP_PORT', 'JEJAK_TIME_ZONE']);
    expect(problems.find((p) => p.startsWith('JEJAK_TIME_ZONE'))).toBe(
      'JEJAK_TIME_ZONE: unknown time zone "Asia/Kuala Lumpur": use an IANA name such as Asia/Kuala_Lumpur, Europe/London or UTC',
    );
    for (const bad of ['Mars/Olympus', '+08:00', 'KL'])
      expect(() => loadConfig({ JEJAK_TIME_ZONE: bad }), bad).toThrow(/JEJAK_TIME_ZONE: unknown time zone/);
  });

  it('has the online geocoder off unless an http(s) URL is given', () => {
    expect(loadConfig({}).JEJAK_GEOCODER_URL).toBeUndefined();
    const url = 'https://nominatim.example.org/';
    expect(loadConfig({ JEJAK_GEOCODER_URL: url }).JEJAK_GEOCODER_URL).toBe(url);
    for (const bad of ['ftp://nominatim.example.org', 'nominatim.example.org'])
      expect(() => loadConfig({ JEJAK_GEOCODER_URL: bad }), bad).toThrow(/JEJAK_GEOCODER_URL/);
  });

  it('reads the allowed origins of the live channel as a list of origins', () => {
    expect(loadConfig({}).JEJAK_ALLOWED_ORIGINS).toEqual([]);
    const c = loadConfig({ JEJAK_ALLOWED_ORIGINS: ' https://fleet.example.com/console , http://10.0.0.5:8080' });
    expect(c.JEJAK_ALLOWED_ORIGINS).toEqual(['https://fleet.example.com', 'http://10.0.0.5:8080']);
    expect(() => loadConfig({ JEJAK_ALLOWED_ORIGINS: 'fleet.example.com' })).toThrow(/JEJAK_ALLOWED_ORIGINS/);
  });

  it('takes a street map style URL, offline, or raster and traffic tile templates naming z, x and y', () => {
    expect(loadConfig({}).JEJAK_MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({ JEJAK_MAP_STYLE_URL: 'offline' }).JEJAK_MAP_STYLE_URL).toBe('offline');
    const tiles = 'https://tile.example.org/{z}/{x}/{y}.png';
    const c = loadConfig({ JEJAK_MAP_RASTER_TILES: tiles, JEJAK_MAP_TRAFFIC_TILES: tiles });
    expect([c.JEJAK_MAP_RASTER_TILES, c.JEJAK_MAP_TRAFFIC_TILES]).toEqual([tiles, tiles]);
    for (const bad of ['https://tile.example.org/{z}/{x}.png', 'ftp://tile.example.org/{z}/{x}/{y}.png', '{z}{x}{y}'])
      expect(() => loadConfig({ JEJAK_MAP_RASTER_TILES: bad }), bad).toThrow(/JEJAK_MAP_RASTER_TILES/);
    expect(() => loadConfig({ JEJAK_MAP_STYLE_URL: 'tiles.example.org/style.json' })).toThrow(/JEJAK_MAP_STYLE_URL/);
  });

  it('is documented key by key in docs/config.md', () => {
    const doc = readFileSync(new URL('../../../../docs/config.md', import.meta.url), 'utf8');
    const documented = [...doc.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ConfigSchema.shape).sort());
  });
});
