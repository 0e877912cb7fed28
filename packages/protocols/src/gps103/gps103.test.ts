import { describe, expect, it } from 'vitest';
import type { DecodeResult } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  isValidPosition,
  loadVectors,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { createGps103Session } from './decoder.ts';

interface VectorRecord extends VectorRecordBase {
  id: string;
  payload_text: string;
}

// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('gps103.json');
const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const text = (bytes: Uint8Array | null | undefined): string => String.fromCharCode(...(bytes ?? []));
const RECEIVED = Date.UTC(2026, 0, 1);

/** Replays the whole file through one session, as a connection would. Keyed by record id. */
function replay(): Map<string, DecodeResult> {
  const session = createGps103Session();
  return new Map(records.map((r) => [r.id, session.decode(ascii(r.payload_text), { receivedAtMs: RECEIVED })]));
}

const id = (seq: number): string => `gps103-${String(seq).padStart(3, '0')}`;

describe('GPS103 decoder on captured packets (one session for the whole file)', () => {
  const results = replay();

  it.each(records.filter((r) => r.set === 'dev').map((r) => [r.id, r] as const))(
    '%s meets its expectation',
    (_id, r) => {
      const result = results.get(r.id);
      if (!result || !r.expect) throw new Error('no result');
      expect(result.error).toBeNull();
      checkExpectation(r.expect, result);
    },
  );

  it('decodes every withheld packet', () => {
    const failed = records
      .filter((r) => r.set === 'withheld')
      .filter((r) => {
        const result = results.get(r.id);
        return !result || result.error !== null || result.messages.length === 0;
      })
      .map((r) => `${r.id}: ${results.get(r.id)?.error ?? 'no message'}`);
    expect(failed).toEqual([]);
  });

  it('every fix it reads is a valid position', () => {
    const fixes = [...results.values()].flatMap((r) => r.messages.filter(hasLocation));
    expect(fixes.length).toBeGreaterThan(50);
    expect(fixes.filter((m) => !isValidPosition(m))).toEqual([]);
  });
});

describe('GPS103 decoder: values, replies and identity', () => {
  const results = replay();

  it('reads the fix of #43 (the vector derives 2015-10-30T00:01:01Z, 54.72306, 25.21512)', () => {
    const fix = results.get(id(43))?.messages.find(hasLocation);
    expect(fix?.deviceTimeMs).toBe(Date.parse('2015-10-30T00:01:01.000Z'));
    expect(fix?.latitude).toBeCloseTo(54.72306, 5);
    expect(fix?.longitude).toBeCloseTo(25.21512, 5);
    expect(fix?.valid).toBe(true);
  });

  it('dates a fix from the local date and the GPS time of day, across midnight', () => {
    // Local 2015-10-27 02:59, UTC 23:59:57: the UTC date is the day before.
    expect(results.get(id(44))?.messages.find(hasLocation)?.deviceTimeMs).toBe(Date.parse('2015-10-26T23:59:57Z'));
  });

  it('answers the login with LOAD and the heartbeat with ON, byte for byte', () => {
    expect(text(results.get(id(46))?.reply)).toBe('LOAD');
    expect(results.get(id(46))?.messages).toEqual([{ kind: 'login', imei: '359586015829802', attributes: {} }]);
    expect(text(results.get(id(47))?.reply)).toBe('ON');
    expect(results.get(id(47))?.messages).toEqual([{ kind: 'heartbeat', imei: '359586015829802', attributes: {} }]);
    // A heartbeat glued to the report after it: both answered and decoded.
    expect(text(results.get(id(35))?.reply)).toBe('ON');
    expect(results.get(id(35))?.messages.filter(hasLocation)).toHaveLength(1);
    expect(text(createGps103Session().decode(ascii('359586015829802##,imei:359586015829802,A;')).reply)).toBe('ONLOAD');
  });

  it('acknowledges an SOS with the cancel command and sends no other reply', () => {
    expect(text(results.get(id(58))?.reply)).toBe('**,imei:100000000000000,E;');
    const replied = [...results.entries()].filter(([, r]) => r.reply).map(([k]) => k);
    expect(replied).toEqual([id(35), id(40), id(46), id(47), id(58), id(63)]);
  });

  it('maps alarm keywords to the one vocabulary and keeps the keyword as event', () => {
    const alarmOf = (seq: number) => results.get(id(seq))?.messages.find((m) => m.kind !== 'login')?.attributes;
    expect(alarmOf(1)).toMatchObject({ alarm: 'vibration', event: 'sensor alarm' });
    expect(alarmOf(16)).toMatchObject({ alarm: 'powerCut', lac: 0x296a, cellId: 0x51f7 });
    expect(alarmOf(40)).toMatchObject({ alarm: 'sos' });
    expect(alarmOf(64)).toMatchObject({ alarm: 'lowBattery' });
    expect(alarmOf(65)).toMatchObject({ alarm: 'geofence' });
    expect(alarmOf(66)).toMatchObject({ alarm: 'towing' });
    expect(alarmOf(67)).toMatchObject({ alarm: 'overspeed' });
    expect(alarmOf(15)).toMatchObject({ ignition: true, event: 'acc on' });
    expect(alarmOf(81)).toMatchObject({ ignition: false, event: 'acc off' });
    expect(alarmOf(26)).toMatchObject({ temp1: 28 });
    expect(alarmOf(25)).toMatchObject({ fuel: 51.67 });
    expect(alarmOf(39)).toMatchObject({ driverUniqueId: '49121185' });
    expect(alarmOf(43)?.event).toBeUndefined();
  });

  it('dates a cell-only report with the clock offset the device last showed, and not before', () => {
    const session = createGps103Session();
    const cell = 'imei:359586015829802,help me,0809231435,,L,,,113b,,558f,,,;';
    expect(session.decode(ascii(cell)).messages.at(-1)?.deviceTimeMs).toBeUndefined();
    const fix = 'imei:359586015829802,tracker,0809231429,,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;';
    expect(session.decode(ascii(fix)).messages.at(-1)?.deviceTimeMs).toBe(Date.parse('2008-09-23T06:29:47.294Z'));
    expect(session.decode(ascii(cell)).messages.at(-1)?.deviceTimeMs).toBe(Date.parse('2008-09-23T06:35:00Z'));
    // Another device's report does not borrow the offset.
    expect(
      session.decode(ascii(cell.replace('359586015829802', '359586015829803'))).messages.at(-1)?.deviceTimeMs,
    ).toBeUndefined();
  });

  it('reads the vehicle trailer: altitude, ignition, door, fuel, temperature', () => {
    const m = results.get(id(14))?.messages.find(hasLocation);
    expect(m).toMatchObject({ altitude: 65.43, speedKmh: 0, course: 30.1 });
    expect(m?.attributes).toEqual({ ignition: true, door: false, fuel1: 10.5, fuel2: 0, temp1: 28 });
  });

  it('leaves a trailer of another layout unread (the oil1 fuel alarm)', () => {
    expect(results.get(id(23))?.messages[0]?.attributes).toEqual({ event: 'oil1' });
    expect(results.get(id(23))?.warnings).toEqual(['trailer of an unknown layout: not read']);
  });

  it('reads the OBD report as one message of engine values', () => {
    const messages = results.get(id(18))?.messages ?? [];
    expect(messages).toHaveLength(1);
    expect(messages[0]?.deviceTimeMs).toBe(Date.parse('2017-06-05T09:59:49Z'));
    expect(messages[0]?.attributes).toEqual({
      odometer: 195874,
      fuelConsumption: 370.8,
      hours: 808 * 3_600_000,
      obdSpeed: 66,
      engineLoad: 30,
      coolantTemp: 87,
      throttle: 13,
      rpm: 2444,
      battery: 14.3,
    });
    expect(results.get(id(13))?.messages[0]?.attributes.dtcs).toBe('P0137 P0430');
  });

  it('reads the alternative (*) report: signed degrees, km/h, satellites', () => {
    const m = results.get(id(10))?.messages.find(hasLocation);
    expect(m).toMatchObject({
      deviceTimeMs: Date.parse('2018-10-24T21:47:34Z'),
      latitude: -33.42317,
      longitude: -70.6193,
      speedKmh: 67,
      course: 229,
      altitude: 674,
      satellites: 8,
      valid: true,
    });
  });

  it('reads hemisphere letters before the numbers (#78)', () => {
    const m = results.get(id(78))?.messages.find(hasLocation);
    expect(m?.latitude).toBeCloseTo(53.1106925, 6);
    expect(m?.longitude).toBeCloseTo(7.0129747, 6);
  });

  it('identifies each new IMEI once, before its first message', () => {
    expect(results.get(id(43))?.messages.map((m) => m.kind)).toEqual(['login', 'position']);
    expect(results.get(id(64))?.messages.map((m) => m.kind)).toEqual(['alarm']);
    // An OBD report of a new device is its login, keeping its values.
    expect(results.get(id(31))?.messages.map((m) => m.kind)).toEqual(['login']);
    for (const r of results.values()) for (const m of r.messages) expect(m.imei).toMatch(/^\d{15}$/);
  });

  it('rejects malformed reports with a reason and never throws', () => {
    const session = createGps103Session();
    const bad = (t: string) => session.decode(ascii(t)).error;
    expect(bad('imei:35958601582980x,tracker,0809231429,,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;')).toMatch(
      /^GPS103 report tracker: the IMEI is not/,
    );
    expect(bad('imei:359586015829802,tracker,0809231429,,F,062947.294,A,9934.4026,N,11354.3277,E,0.00,;')).toMatch(
      /^GPS103 report tracker: coordinate out of range/,
    );
    expect(bad('imei:359586015829802,tracker,0809231429,,X,;')).toMatch(/expected F or L/);
    expect(bad('##,imei:abc,A;')).toMatch(/^GPS103 login: /);
    expect(bad('hello')).toMatch(/^GPS103 frame: /);
    expect(bad('1'.repeat(5000))).toMatch(/^GPS103 heartbeat: /);
    for (const r of records) {
      const bytes = ascii(r.payload_text);
      for (let cut = 0; cut < bytes.length; cut += 3) {
        const result = session.decode(bytes.subarray(0, cut));
        expect(result.error ?? '').not.toMatch(/internal/);
      }
    }
    for (let i = 0; i < 300; i++) {
      const noise = Uint8Array.from({ length: (i * 7) % 90 }, (_, k) => (i * 31 + k * 17) & 0xff);
      expect(session.decode(noise).error ?? '').not.toMatch(/internal/);
    }
  });
});
