import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testArchive } from '../../../tools/pmtiles/test-archive.ts';
import { precompressDir } from '../../web/scripts/precompress.ts';
import { startTestServer, type TestServer } from './harness.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser sends it, the body's bytes as they came over the wire (fetch would decode them). */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: 'GET', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the console, served compressed (ADR 0078)', () => {
  let dir: string;
  let web: string;
  let server: TestServer;
  const files: Record<string, Buffer> = {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jejak-console-'));
    web = join(dir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    const script = Array.from(
      { length: 400 },
      (_, i) => `export const vehicle${i} = { vid: 'V${i}', speedKmh: ${i} };`,
    );
    files['index.html'] = Buffer.from(
      `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head>` +
        `<body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    );
    files['assets/index-abc123.js'] = Buffer.from(script.join('\n'));
    files['assets/maplibre-gl-worker-def456.mjs'] = Buffer.from(script.reverse().join('\n'));
    files['assets/index-abc123.css'] = Buffer.from('.app-frame { display: flex; }\n'.repeat(200));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(web, name), bytes);
    await precompressDir(web);
    const archive = join(dir, 'kl.pmtiles');
    writeFileSync(archive, testArchive());
    server = await startTestServer('pglite', { JEJAK_WEB_DIST: web, JEJAK_MAP_PMTILES: archive });
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string) => files[name] ?? Buffer.alloc(0);

  it('sends Brotli to a browser that takes it, bytes that decompress to the file', async () => {
    const answer = await get(server.baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.body.length).toBeLessThan(file('assets/index-abc123.js').length / 4);
    expect(brotliDecompressSync(answer.body).equals(file('assets/index-abc123.js'))).toBe(true);
  });

  it('sends gzip to a browser that takes only gzip', async () => {
    const answer = await get(server.baseUrl, '/assets/index-abc123.css', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toMatch(/^text\/css/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(answer.body).equals(file('assets/index-abc123.css'))).toBe(true);
  });

  it('sends the file itself to a client that takes no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await get(server.baseUrl, '/assets/index-abc123.js', headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.equals(file('assets/index-abc123.js'))).toBe(true);
    }
  });

  it('sends a module worker (.mjs) compressed and as JavaScript', async () => {
    const answer = await get(server.baseUrl, '/assets/maplibre-gl-worker-def456.mjs', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(answer.body).equals(file('assets/maplibre-gl-worker-def456.mjs'))).toBe(true);
  });

  it('keeps index.html asked again each time, with the Content-Security-Policy, on / and a console route', async () => {
    for (const path of ['/', '/index.html', '/Login', '/Management/Vehicle']) {
      const answer = await get(server.baseUrl, path, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(answer.headers['cache-control'], path).not.toContain('immutable');
      expect(String(answer.headers['content-security-policy']), path).toContain("script-src 'self'");
      expect(brotliDecompressSync(answer.body).equals(file('index.html')), path).toBe(true);
    }
  });

  it('leaves the offline map archive alone: ranges answered from the file, never encoded', async () => {
    const archive = readFileSync(join(dir, 'kl.pmtiles'));
    const answer = await get(server.baseUrl, '/api/map/basemap.pmtiles', {
      'accept-encoding': 'br, gzip',
      range: 'bytes=0-126',
    });
    expect(answer.status).toBe(206);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-range']).toBe(`bytes 0-126/${archive.length}`);
    expect(answer.headers['content-type']).toBe('application/vnd.pmtiles');
    expect(answer.body.equals(archive.subarray(0, 127))).toBe(true);
    const whole = await get(server.baseUrl, '/api/map/basemap.pmtiles', { 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.equals(archive)).toBe(true);
  });
});
