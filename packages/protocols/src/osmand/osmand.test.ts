import { describe, expect, it } from 'vitest';
import type { DecodeResult, HttpRequestInput, NormalizedMessage } from '../message.ts';
import type { ProtocolDefinition } from '../protocol.ts';
import { checkExpectation, hasLocation, loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { createOsmandSession } from './decoder.ts';
import { osmandRequest, type OsmandRequestInput } from './encoder.ts';
import { osmandProtocol } from './index.ts';

interface DerivedPosition {
  device_id?: string;
  fix_time_utc?: string;
  valid?: boolean;
  latitude: number;
  longitude: number;
  altitude_m?: number;
  speed_knots?: number;
  course_deg?: number;
}
interface VectorRecord extends VectorRecordBase {
  id: string;
  http: HttpRequestInput;
  derived?: { position?: DerivedPosition };
}
// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('osmand.json');

/** The gateway's receive time, passed so that fixes sent without a timestamp get one. */
const RECEIVED_AT = Date.UTC(2025, 10, 21, 8, 30, 0);

const get = (query: string): HttpRequestInput => ({ method: 'GET', uri: `/?${query}`, headers: {}, body: '' });
const json = (body: unknown): HttpRequestInput => ({
  method: 'POST',
  uri: '/',
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const fixes = (result: DecodeResult | undefined) => result?.messages.filter(hasLocation) ?? [];

/** Replays the whole file in sequence order through one session, as one device's requests would arrive. */
function replay(): Map<string, DecodeResult> {
  const session = osmandProtocol.createSession({ transport: 'http' });
  return new Map(records.map((r) => [r.id, session.decodeHttp(r.http, { receivedAtMs: RECEIVED_AT })]));
}

function checkDerived(m: NormalizedMessage | undefined, p: DerivedPosition): void {
  if (p.device_id) expect(m?.imei).toBe(p.device_id);
  if (p.fix_time_utc) expect(m?.deviceTimeMs).toBe(Date.parse(p.fix_time_utc));
  if (p.valid !== undefined) expect(m?.valid).toBe(p.valid);
  expect(m?.latitude).toBeCloseTo(p.latitude, 7);
  expect(m?.longitude).toBeCloseTo(p.longitude, 7);
  if (p.altitude_m !== undefined) expect(m?.altitude).toBeCloseTo(p.altitude_m, 6);
  if (p.speed_knots !== undefined) expect((m?.speedKmh ?? NaN) / 1.852).toBeCloseTo(p.speed_knots, 3);
  if (p.course_deg !== undefined) expect(m?.course).toBe(p.course_deg);
}

describe('OsmAnd decoder on captured requests (one session)', () => {
  const results = replay();

  it.each(records.filter((r) => r.set === 'dev').map((r) => [r.id, r] as const))('%s meets its expectation', (_, r) => {
    const result = results.get(r.id);
    if (!result || !r.expect) throw new Error('no result');
    expect(result.error).toBeNull();
    checkExpectation(r.expect, result);
    if (r.derived?.position) checkDerived(fixes(result)[0], r.derived.position);
  });

  it('decodes or clearly rejects every withheld request', () => {
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(r.id);
      if (!result) throw new Error(`${r.id} has no result`);
      if (result.error) expect(result.error, r.id).toMatch(/^OsmAnd: \S/);
      else expect(result.messages.length, r.id).toBeGreaterThan(1);
      expect(result.error ?? '', r.id).not.toMatch(/internal/);
    }
  });

  it('answers every accepted request with a login, its fixes and an empty body', () => {
    for (const [id, result] of results) {
      if (result.error) continue;
      expect(result.messages[0], id).toEqual({ kind: 'login', imei: result.messages[1]?.imei, attributes: {} });
      expect(result.reply, id).toEqual(new Uint8Array(0));
    }
  });

  it('reads the query variants apps send', () => {
    const at = (id: string) => fixes(results.get(id))[0];
    expect(at('osmand-008')?.deviceTimeMs).toBe(1442068686579); // milliseconds
    expect(at('osmand-009')?.deviceTimeMs).toBe(Date.UTC(2014, 5, 4, 9, 10, 11)); // "2014-06-04 09:10:11", UTC
    expect(at('osmand-012')).toMatchObject({ imei: '123456', course: 0, attributes: { accuracy: 0, vacc: 0 } });
    expect(at('osmand-014')).toMatchObject({ latitude: 60, longitude: 30 }); // location=lat,lon
    // Speed is in knots; parameters we do not model are kept, typed.
    expect(at('osmand-015')).toMatchObject({ attributes: { ignition: true, rpm: 933, fuel: 24 } });
    expect(at('osmand-015')?.speedKmh).toBeCloseTo(40 * 1.852, 9);
    const extra = createOsmandSession().decodeHttp(get('id=1&lat=1&lon=1&driverUniqueId=0123&temp=21.5&odd=1e3'));
    expect(extra.messages[1]?.attributes).toEqual({ driverUniqueId: '0123', temp: 21.5, odd: '1e3' });
    const cells = results.get('osmand-005')?.messages[1];
    expect(cells).toMatchObject({ kind: 'heartbeat', attributes: { mcc: 257, mnc: 2, lac: 16, cellId: 2224 } });
    expect(cells?.attributes).toMatchObject({ cellCount: 2, wifiCount: 2 });
  });

  it('reads the JSON format: m/s speed, battery, motion, extras', () => {
    const m = fixes(results.get('osmand-002'))[0];
    expect(m).toMatchObject({ imei: '48241179', speedKmh: 0, altitude: 5 });
    expect(m?.course).toBeUndefined(); // heading -1: unknown
    const { attributes } = m ?? { attributes: {} };
    expect(attributes).toMatchObject({ accuracy: 5, batteryLevel: 100, charge: false, motion: false, odometer: 0 });
    expect(attributes).toMatchObject({ event: 'motionchange', activity: 'still', device_double_test: 1.345 });
    expect(fixes(results.get('osmand-004'))[0]?.speedKmh).toBeCloseTo(18.67 * 3.6, 9);
    expect(fixes(results.get('osmand-003'))[0]?.speedKmh).toBeUndefined(); // speed -1: unknown
  });

  it('rejects a request without a device id', () => {
    expect(results.get('osmand-006')?.error).toBe('OsmAnd: missing device id (id or deviceid)');
  });
});

describe('OsmAnd errors (the gateway answers 400)', () => {
  it.each([
    [get('id=1&lat=91&lon=30'), 'OsmAnd: bad coordinates: lat=91, lon=30'],
    [get('id=1&lat=abc&lon=30'), 'OsmAnd: bad coordinates: lat=abc, lon=30'],
    [get('id=1&lat=3.1'), 'OsmAnd: bad coordinates: lat=3.1, lon='],
    [get('id=1&timestamp=1377177267'), 'OsmAnd: no position: lat and lon (or location) missing'],
    [get('id=1&lat=1&lon=1&timestamp=yesterday'), 'OsmAnd: invalid timestamp "yesterday"'],
    [get('id=1&lat=1&lon=1&speed=fast'), 'OsmAnd: invalid speed "fast"'],
    [get('id=a%20b&lat=1&lon=1'), 'OsmAnd: invalid device id "a b"'],
    [{ ...json({}), body: '{"location":' }, 'OsmAnd: body is not valid JSON'],
    [json({ location: { coords: { latitude: 1, longitude: 1 } } }), 'OsmAnd: missing device id (id or deviceid)'],
    [
      json({ device_id: 'x', location: { coords: { latitude: '1', longitude: 1 } } }),
      'OsmAnd: bad coordinates: latitude=1, longitude=1',
    ],
    [json({ device_id: 'x' }), 'OsmAnd: JSON body has no location object'],
    [{ ...get('id=1&lat=1&lon=1'), method: 'PUT' }, 'OsmAnd: method PUT not accepted: use GET or POST'],
  ] as const)('%o → %s', (request, error) => {
    expect(createOsmandSession().decodeHttp(request)).toEqual({ messages: [], reply: null, error, warnings: [] });
  });

  it('has no byte stream: decode and the framer refuse', () => {
    expect(createOsmandSession().decode(new Uint8Array([0x47]))).toMatchObject({ messages: [], error: /HTTP only/ });
    expect(osmandProtocol.createFramer().push(new Uint8Array([0x47])).error).toMatch(/HTTP only/);
  });
});

describe('OsmAnd time and batches', () => {
  const undated = get('id=861001000719969&lat=41.666667&lon=-0.883333');

  it('dates a fix without a timestamp on receipt only when told the receive time', () => {
    expect(fixes(createOsmandSession().decodeHttp(undated, { receivedAtMs: RECEIVED_AT }))[0]?.deviceTimeMs).toBe(
      RECEIVED_AT,
    );
    const result = createOsmandSession().decodeHttp(undated);
    expect(fixes(result)[0]?.deviceTimeMs).toBeUndefined();
    expect(result.warnings).toEqual(['no timestamp: left to be dated on receipt']);
  });

  it('decodes a JSON batch as several fixes after one login', () => {
    const location = (latitude: number, timestamp: string) => ({ timestamp, coords: { latitude, longitude: 101.6 } });
    const batch = [location(3.1, '2025-11-21T08:00:00Z'), location(3.2, '2025-11-21T08:00:30Z')];
    const result = createOsmandSession().decodeHttp(json({ device_id: 'phone-7', location: batch }));
    expect(result.messages.map((m) => [m.kind, m.imei, m.latitude])).toEqual([
      ['login', 'phone-7', undefined],
      ['position', 'phone-7', 3.1],
      ['position', 'phone-7', 3.2],
    ]);
  });
});

const FIXES: OsmandRequestInput[] = [
  {
    id: '861001000719969',
    timeMs: Date.UTC(2026, 10, 21, 8, 30, 5),
    lat: 3.139,
    lon: 101.6869,
    speedKmh: 57,
    course: 271,
  },
  {
    id: 'phone-42',
    timeMs: Date.UTC(2025, 0, 1, 0, 0, 0, 250),
    lat: -33.8688,
    lon: 151.2093,
    speedKmh: 0,
    course: 0,
    altitude: 12.5,
    accuracy: 4,
    batteryLevel: 81,
    valid: false,
    method: 'POST',
  },
  {
    id: '123456',
    timeMs: Date.UTC(2030, 5, 30, 23, 59, 59),
    lat: 40.7128,
    lon: -74.006,
    speedKmh: 120.5,
    course: 359.75,
  },
];

describe('OsmAnd encoder round trips (request → decodeHttp)', () => {
  it.each(FIXES.map((f, i) => [i, f] as const))('fix %i survives the trip', (_, fix) => {
    const result = createOsmandSession().decodeHttp(osmandRequest(fix));
    expect(result.error).toBeNull();
    const m = result.messages[1];
    expect(m).toMatchObject({ kind: 'position', imei: fix.id, deviceTimeMs: fix.timeMs, valid: fix.valid ?? true });
    expect([m?.latitude, m?.longitude, m?.course]).toEqual([fix.lat, fix.lon, fix.course]);
    expect(m?.speedKmh).toBeCloseTo(fix.speedKmh, 4);
    expect(m?.altitude).toBe(fix.altitude);
    if (fix.accuracy !== undefined)
      expect(m?.attributes).toEqual({ accuracy: fix.accuracy, batteryLevel: fix.batteryLevel });
  });

  it('is a protocol definition for the registry', () => {
    const definition: ProtocolDefinition = osmandProtocol;
    expect(definition).toMatchObject({ id: 'osmand', models: ['OSMAND'], transports: ['http'], defaultPort: 5055 });
  });
});
