import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ARCHIVE_ZOOMS, testArchive } from '../../../../tools/pmtiles/test-archive.ts';
import { loadConfig } from '../config/load.ts';
import { byteRange } from './byte-range.ts';
import { openMapArchive, registerMapArchive } from './map-archive.ts';
import { mapSettings } from './map-settings.ts';
import { contentSecurityPolicy } from './security.ts';

const URL_PATH = '/api/map/basemap.pmtiles';

describe('byte ranges', () => {
  it('reads one range, an open one and a suffix, cut to the file', () => {
    expect(byteRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(byteRange('bytes=0-126', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(byteRange('bytes=10-19', 100)).toEqual({ kind: 'part', start: 10, end: 19 });
    expect(byteRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=-5', 100)).toEqual({ kind: 'part', start: 95, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
  });

  it('cannot answer other units, several ranges, a start past the end or a backwards range', () => {
    for (const header of [
      'items=0-1',
      'bytes=0-1,4-5',
      'bytes=100-',
      'bytes=20-10',
      'bytes=-0',
      'bytes=-',
      'bytes=a-b',
    ])
      expect(byteRange(header, 100), header).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('the PMTiles archive', () => {
  let dir: string;
  let path: string;
  let bytes: Buffer;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jejak-pmtiles-'));
    path = join(dir, 'kl.pmtiles');
    bytes = testArchive();
    writeFileSync(path, bytes);
    app = Fastify();
    registerMapArchive(app, openMapArchive(path));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is offered to the console in both schemes, with its zoom, and asks no other host', () => {
    const s = mapSettings(
      loadConfig({ JEJAK_MAP_PMTILES: path, JEJAK_MAP_RASTER_TILES: 'https://a.example.org/{z}/{x}/{y}.png' }),
    );
    const basemap = { kind: 'pmtiles', url: URL_PATH, maxzoom: TEST_ARCHIVE_ZOOMS.max };
    expect(s.config.basemap).toEqual(basemap);
    expect(s.config.darkBasemap).toEqual(basemap);
    expect(s.archive).toEqual({ path, maxzoom: TEST_ARCHIVE_ZOOMS.max });
    expect(s.origins).toEqual([]);
    expect(contentSecurityPolicy(false, s.origins)['connect-src']).toEqual(["'self'"]);
  });

  it('stops the start when the file is missing or not an archive', () => {
    expect(() => openMapArchive(join(dir, 'missing.pmtiles'))).toThrow(
      /JEJAK_MAP_PMTILES: .* is not a PMTiles v3 archive/,
    );
    const other = join(dir, 'other.pmtiles');
    writeFileSync(other, Buffer.alloc(200, 1));
    expect(() => openMapArchive(other)).toThrow(/not a PMTiles v3 archive/);
  });

  it('answers a range with 206, Content-Range, Accept-Ranges and an ETag', async () => {
    const whole = await app.inject({ method: 'GET', url: URL_PATH });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(bytes.length);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const etag = whole.headers.etag;
    expect(etag).toMatch(/^".+"$/);

    const part = await app.inject({ method: 'GET', url: URL_PATH, headers: { range: 'bytes=0-126' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-126/${bytes.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.headers.etag).toBe(etag);
    expect(part.rawPayload.equals(bytes.subarray(0, 127))).toBe(true);
    expect(part.rawPayload.toString('ascii', 0, 7)).toBe('PMTiles');

    const tail = await app.inject({ method: 'GET', url: URL_PATH, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const head = await app.inject({ method: 'HEAD', url: URL_PATH });
    expect(head.statusCode).toBe(200);
    expect(head.headers['accept-ranges']).toBe('bytes');
  });

  it('rejects a bad or unsatisfiable range with 416 and the size', async () => {
    for (const range of [`bytes=${bytes.length}-`, 'bytes=0-1,5-9', 'lines=1-2', 'bytes=9-3']) {
      const r = await app.inject({ method: 'GET', url: URL_PATH, headers: { range } });
      expect(r.statusCode, range).toBe(416);
      expect(r.headers['content-range']).toBe(`bytes */${bytes.length}`);
    }
  });

  it('sends the whole file when If-Range names another version', async () => {
    const r = await app.inject({ method: 'GET', url: URL_PATH, headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.length).toBe(bytes.length);
  });

  it('holds tiles the PMTiles reader finds through the served ranges', async () => {
    const asked: string[] = [];
    const source: Source = {
      getKey: () => URL_PATH,
      getBytes: async (offset: number, length: number): Promise<RangeResponse> => {
        const range = `bytes=${offset}-${offset + length - 1}`;
        asked.push(range);
        const r = await app.inject({ method: 'GET', url: URL_PATH, headers: { range } });
        expect(r.statusCode).toBe(206);
        const data = r.rawPayload;
        return { data: data.buffer.slice(data.byteOffset, data.byteOffset + data.length) as ArrayBuffer };
      },
    };
    const reader = new PMTiles(source);
    const header = await reader.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: TEST_ARCHIVE_ZOOMS.min, maxZoom: TEST_ARCHIVE_ZOOMS.max });
    // Kuala Lumpur's tile at zoom 12.
    const tile = await reader.getZxy(12, 3205, 2012);
    expect(tile?.data.byteLength).toBeGreaterThan(0);
    expect(await reader.getZxy(12, 0, 0)).toBeUndefined();
    expect(asked.every((r) => r.startsWith('bytes='))).toBe(true);
  });
});
