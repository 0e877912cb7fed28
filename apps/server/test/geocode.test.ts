import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { startLocalNominatim } from './local-nominatim.ts';

const kinds = await dbKinds();
const KLCC = { lat: 3.1579, lon: 101.7123 };
const SOUTH_CHINA_SEA = { lat: 4.5, lon: 106.0 };

async function vidsOf(email: string, server: TestServer): Promise<string[]> {
  const c = apiClient(server.baseUrl);
  const me = await c.login(email);
  const h = await c.post('/user/gethierarchy', { uid: me.uid });
  return (h.body.vehicles as { vid: string }[]).map((v) => v.vid);
}

describe.each(kinds)('POST /api/geocode on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('needs a signed-in user', async () => {
    const r = await apiClient(server.baseUrl).post('/geocode', KLCC);
    expect(r.status).toBe(401);
    expect(r.body.errorType).toBe('Unauthenticated');
  });

  it('answers from the offline gazetteer: town, near a town, or coordinates', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('owner@demo.jejak.my');
    expect((await c.post('/geocode', KLCC)).body).toEqual({
      status: 200,
      address: 'Kampung Baru, Kuala Lumpur',
      msg: 'gazetteer',
    });
    expect((await c.post('/geocode', { lat: 6.6621, lon: 100.3211 })).body.address).toBe(
      'near Kampung Titi Tinggi, Perlis',
    );
    expect((await c.post('/geocode', { lat: 1.2834, lon: 103.8607 })).body.address).toBe('Marina Bay, Singapore');
    expect((await c.post('/geocode', SOUTH_CHINA_SEA)).body.address).toBe('4.50000, 106.00000');
  });

  it('refuses coordinates that are not a point on Earth with the standard validation error', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('owner@demo.jejak.my');
    const cases: [unknown, RegExp][] = [
      [{ lat: 91, lon: 101 }, /^lat: /],
      [{ lat: 3, lon: -181 }, /^lon: /],
      [{ lat: '3.1', lon: 101 }, /^lat: /],
      [{ lat: 3 }, /^lon: /],
      [{ lat: 3, lon: 101, vid: '' }, /^vid: /],
      ['{"lat": 3, "lon": ', /JSON/i],
    ];
    for (const [body, message] of cases) {
      const r = await c.post('/geocode', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errorType).toBe('ValidationException');
      expect(r.body.message).toMatch(message);
    }
  });

  it('refreshes the address of a vehicle only for those who may see it', async () => {
    const ownerVids = await vidsOf('owner@demo.jejak.my', server);
    const operatorVids = await vidsOf('operator@demo.jejak.my', server);
    const outsideOperatorsGroup = ownerVids.find((vid) => !operatorVids.includes(vid));
    const [operatorVid] = operatorVids;
    expect(outsideOperatorsGroup && operatorVid).toBeTruthy();

    const operator = apiClient(server.baseUrl);
    await operator.login('operator@demo.jejak.my');
    const own = await operator.post('/geocode', { ...KLCC, vid: operatorVid });
    expect(own.body).toEqual({ status: 200, address: 'Kampung Baru, Kuala Lumpur', msg: 'gazetteer' });
    for (const vid of [outsideOperatorsGroup, (await vidsOf('owner2@demo.jejak.my', server))[0], 'no-such-vid']) {
      const r = await operator.post('/geocode', { ...KLCC, vid });
      expect(r.status, vid).toBe(404);
      expect(r.body).toEqual({ status: 404, errorType: 'NotFound', message: 'Vehicle not found' });
    }

    const distributor = apiClient(server.baseUrl);
    await distributor.login('distributor@demo.jejak.my');
    expect((await distributor.post('/geocode', { ...KLCC, vid: outsideOperatorsGroup })).status).toBe(200);
  });
});

/**
 * A local stand-in for a Nominatim server (the one external edge here): answers by latitude,
 * the way the real one does for land, sea and failures.
 */
function startFakeNominatim() {
  return startLocalNominatim('reverse', (query) => {
    const lat = Number(query.get('lat'));
    if (lat === 3.1579)
      return { status: 200, body: { display_name: '  Petronas Twin Towers, Jalan Ampang, Kuala Lumpur  ' } };
    if (lat === 4.5) return { status: 200, body: { error: 'Unable to geocode' } };
    if (lat === 1) return null; // never answers
    if (lat === 2) return { status: 502, body: 'Bad gateway' };
    if (lat === 5) return { status: 200, body: { display_name: 'x'.repeat(100_000) } };
    return { status: 200, body: '<html>not json</html>' };
  });
}

describe('POST /api/geocode with an online geocoder', () => {
  let server: TestServer;
  let nominatim: Awaited<ReturnType<typeof startFakeNominatim>>;
  let clock = Date.now();
  const geocode = async (c: ReturnType<typeof apiClient>, point: { lat: number; lon: number }) => {
    clock += 1_000; // one request a second, the default rate
    return (await c.post('/geocode', point)).body;
  };

  beforeAll(async () => {
    nominatim = await startFakeNominatim();
    server = await startTestServer(
      'pglite',
      { JEJAK_GEOCODER_URL: nominatim.url, JEJAK_GEOCODER_TIMEOUT_MS: '300' },
      () => clock,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await nominatim?.close();
  });

  it('asks it first, naming itself, and falls back to the gazetteer whenever it fails', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('owner@demo.jejak.my');
    expect(await geocode(c, KLCC)).toEqual({
      status: 200,
      address: 'Petronas Twin Towers, Jalan Ampang, Kuala Lumpur',
      msg: 'geocoder',
    });
    const asked = nominatim.requests.at(-1);
    expect(asked?.headers['user-agent']).toMatch(/^Jejak\/\d+\.\d+\.\d+/);
    expect(asked?.url).toBe('/nominatim/reverse?format=jsonv2&lat=3.1579&lon=101.7123');

    const fallbacks = [
      [SOUTH_CHINA_SEA, '4.50000, 106.00000'], // {"error": …}, as Nominatim says at sea
      [{ lat: 1, lon: 103.7636 }, 'near Belakangpadang, Indonesia'], // no answer within 300 ms
      [{ lat: 2, lon: 102.2405 }, 'near Teluk Mas, Melaka'], // HTTP 502
      [{ lat: 5, lon: 105 }, '5.00000, 105.00000'], // an answer too big to be one
      [{ lat: 6.3265, lon: 99.8432 }, 'Kuah, Kedah'], // not JSON
    ] as const;
    for (const [point, address] of fallbacks)
      expect(await geocode(c, point), JSON.stringify(point)).toEqual({ status: 200, address, msg: 'gazetteer' });
  });

  it('asks it at most once a second; the gazetteer answers the rest', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('owner@demo.jejak.my');
    const first = await geocode(c, KLCC);
    const second = await c.post('/geocode', KLCC);
    expect([first.msg, second.body.msg]).toEqual(['geocoder', 'gazetteer']);
  });
});
