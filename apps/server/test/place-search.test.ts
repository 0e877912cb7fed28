import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceResult } from '@jejak/contract';
import { apiClient, startTestServer, type TestServer } from './harness.ts';
import { startLocalNominatim } from './local-nominatim.ts';

const placesOf = (r: { body: { places?: unknown } }) => r.body.places as PlaceResult[];

describe('POST /api/place/search from the gazetteer alone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('needs a signed-in user', async () => {
    const r = await apiClient(server.baseUrl).post('/place/search', { q: 'Kuah' });
    expect(r.status).toBe(401);
  });

  it('answers towns, best first, each with its region and point', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('operator@demo.jejak.my');
    const r = await c.post('/place/search', { q: '  kuah ' });
    expect(r.status).toBe(200);
    expect(placesOf(r)[0]).toEqual({ name: 'Kuah', region: 'Kedah', lat: 6.3265, lon: 99.8432, source: 'gazetteer' });
    expect(placesOf(await c.post('/place/search', { q: 'Kampung' }))).toHaveLength(8);
    expect((await c.post('/place/search', { q: 'Zzqxj' })).body).toEqual({ status: 200, places: [] });
  });

  it('refuses a query too short, too long or of other characters', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('operator@demo.jejak.my');
    const cases: [unknown, string][] = [
      [{ q: ' k ' }, 'q: Type at least 2 characters of a place'],
      [{ q: 'k'.repeat(81) }, 'q: A place search is at most 80 characters'],
      [{ q: 'kuah<script>' }, "q: A place search may hold letters, digits, spaces and . , ' - / ( ) & #"],
      [{ q: 'kuah\n' + 'x' }, "q: A place search may hold letters, digits, spaces and . , ' - / ( ) & #"],
      [{ q: 42 }, ''],
      [{}, ''],
    ];
    for (const [body, message] of cases) {
      const r = await c.post('/place/search', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errorType).toBe('ValidationException');
      if (message) expect(r.body.message).toBe(message);
    }
  });
});

/** A local stand-in for a Nominatim /search: streets for "jalan", failures for the rest. */
function startFakeNominatim() {
  return startLocalNominatim('search', (query) =>
    query.get('q') === 'Jalan Ampang'
      ? {
          status: 200,
          body: [
            { display_name: 'Jalan Ampang, Kuala Lumpur', lat: '3.1604', lon: '101.7157' },
            { display_name: 'Nowhere', lat: '95', lon: '101' },
          ],
        }
      : { status: 502, body: 'Bad gateway' },
  );
}

describe('POST /api/place/search with a street geocoder', () => {
  let server: TestServer;
  let nominatim: Awaited<ReturnType<typeof startFakeNominatim>>;
  let clock = Date.now();

  beforeAll(async () => {
    nominatim = await startFakeNominatim();
    server = await startTestServer('pglite', { JEJAK_GEOCODER_URL: nominatim.url }, () => clock);
  });
  afterAll(async () => {
    await server?.stop();
    await nominatim?.close();
  });

  it('puts its streets first, drops points not on Earth, and keeps the towns when it fails', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('owner@demo.jejak.my');
    clock += 1_000;
    const streets = await c.post('/place/search', { q: 'Jalan Ampang' });
    expect(placesOf(streets)[0]).toEqual({
      name: 'Jalan Ampang, Kuala Lumpur',
      region: '',
      lat: 3.1604,
      lon: 101.7157,
      source: 'geocoder',
    });
    expect(
      placesOf(streets)
        .slice(1)
        .every((p) => p.source === 'gazetteer'),
    ).toBe(true);
    expect(nominatim.requests.at(-1)?.url).toBe(
      '/nominatim/search?format=jsonv2&q=Jalan+Ampang&countrycodes=my&limit=4',
    );

    clock += 1_000;
    const failed = await c.post('/place/search', { q: 'Kuah' });
    expect(placesOf(failed)[0]).toMatchObject({ name: 'Kuah', source: 'gazetteer' });
  });
});
