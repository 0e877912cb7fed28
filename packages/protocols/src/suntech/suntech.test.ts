import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../codec/hex.ts';
import type { DecodeResult, ProtocolSession } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  isValidPosition,
  loadVectors,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { createSuntechSession } from './decoder.ts';

interface VectorRecord extends VectorRecordBase {
  id: string;
}

// Missing vectors must fail the suite, never skip it. Records come in groups, one per decoder
// context (Traccar's test methods), each numbered from 1: one session per group, in sequence.
const records = loadVectors<VectorRecord>('suntech.json');

const bytesOf = (r: VectorRecord): Uint8Array =>
  r.payload_hex ? hexToBytes(r.payload_hex) : Uint8Array.from(r.payload_text ?? '', (c) => c.charCodeAt(0));

type Settings = Record<string, string | number | boolean>;
const contextOf = (r: VectorRecord): Settings => ((r.decoder_context ?? {}) as { settings?: Settings }).settings ?? {};

function replay(): Map<string, DecodeResult> {
  const sessions = new Map<string, ProtocolSession>();
  return new Map(
    records.map((r) => {
      const key = JSON.stringify(contextOf(r));
      const session = sessions.get(key) ?? createSuntechSession(contextOf(r));
      sessions.set(key, session);
      return [r.id, session.decode(bytesOf(r))];
    }),
  );
}

const results = replay();
const byPayload = (start: string): DecodeResult | undefined => {
  const r = records.find((x) => (x.payload_text ?? '').startsWith(start));
  return r ? results.get(r.id) : undefined;
};

describe('Suntech decoder on captured packets (one session per decoder context)', () => {
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
    const failed: string[] = [];
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(r.id);
      if (!result) throw new Error(`${r.id} has no result`);
      if (result.error) {
        expect(result.error, r.id).toMatch(/^Suntech \S+: \S/);
        failed.push(r.id);
      } else expect(result.messages.length, r.id).toBeGreaterThan(0);
      expect(result.messages.filter(hasLocation).every(isValidPosition), r.id).toBe(true);
    }
    expect(failed).toEqual([]);
  });

  it('reads a legacy zip status report with its hour meter', () => {
    const m = results.get(records[0]?.id ?? '')?.messages.find(hasLocation);
    expect(m).toMatchObject({
      imei: '511340877',
      deviceTimeMs: Date.UTC(2024, 11, 23, 0, 22, 4),
      valid: true,
      latitude: -12.063565,
      longitude: -45.793653,
      speedKmh: 0.38,
      course: 26.3,
      satellites: 6,
      attributes: { odometer: 23486038, index: 117, battery: 4, hours: 0x27127 * 60_000 },
    });
  });

  it('reads a Universal binary alert: driver id, coordinates, time', () => {
    const r = records.find((x) => x.payload_hex?.startsWith('82'));
    const m = results.get(r?.id ?? '')?.messages.find(hasLocation);
    expect(m).toMatchObject({
      imei: '0580000055',
      deviceTimeMs: Date.UTC(2020, 1, 4, 16, 41, 57),
      latitude: 4.681633,
      longitude: -74.049663,
      attributes: { alert: 59, driverUniqueId: '1d00000113f3f801', mcc: 732, mnc: 123 },
    });
  });

  it('maps alert and emergency codes to the alarm vocabulary', () => {
    expect(byPayload('ALT;0950030205;3FFFFF;95;1.0.11;0;20221017')?.messages.at(-1)?.attributes).toMatchObject({
      alert: 42,
      alarm: 'sos',
    });
    expect(byPayload('SA200EMG;317652')?.messages.at(-1)?.attributes).toMatchObject({ emergency: 1, alarm: 'sos' });
    expect(byPayload('ST910;Emergency;205576803')?.messages.at(-1)?.attributes.alarm).toBe('sos');
  });

  it('reads UEX serial data: fuel sensors, driver logins, free text', () => {
    expect(byPayload('ST600UEX;008728327;20;568')?.messages.at(-1)?.attributes).toMatchObject({
      fuel: 1050,
      temp0: 28,
    });
    expect(byPayload('UEX;1610020241')?.messages.at(-1)?.attributes.driverUniqueId).toBe('22574684');
    expect(byPayload('ST300UEX;100850000')?.messages.at(-1)?.attributes.serial).toBe('Welcome to Suntech World!');
  });

  it('reads the EVT of newer firmwares (MODE;MSG_NUM after EVT_ID) and a UEX driver login', () => {
    expect(byPayload('ST300EVT;205173382')?.messages.at(-1)?.attributes).toMatchObject({
      event: 2,
      mode: 1,
      index: 9498,
      hours: 79324 * 60_000,
      battery: 4.3,
      temp1: -20.8,
    });
    const gtsl = byPayload('ST300UEX;511331307')?.messages.at(-1)?.attributes;
    expect(gtsl).toMatchObject({ driverUniqueId: '9255143' });
    expect(gtsl?.serial).toBeUndefined();
  });

  it('reads the hbm trailer per device settings', () => {
    expect(byPayload('ST600STT;008350848')?.messages.at(-1)?.attributes).toMatchObject({ temp2: 13.7, adc1: 0 });
    expect(byPayload('ST300STT;907131077')?.messages.at(-1)?.attributes.rpm).toBe(0);
    const hbm2 = records
      .filter((r) => (r.payload_text ?? '').startsWith('ST300STT;007878646'))
      .map((r) => results.get(r.id));
    for (const r of hbm2) expect(r?.messages.at(-1)?.attributes).toMatchObject({ cellId: 23675, mcc: 724, lac: 1351 });
    expect(hbm2.every((r) => r?.messages.at(-1)?.attributes.driverUniqueId === undefined)).toBe(true);
  });

  it('turns keep-alives and command answers into heartbeats', () => {
    expect(byPayload('SA200ALV;317652')?.messages.map((m) => m.kind)).toEqual(['heartbeat']);
    expect(byPayload('RES;4309999001')?.messages.at(-1)?.attributes.result).toBe('04;02;TEST');
    expect(byPayload('ST300CMD;Res;511848119;319H')?.messages.at(-1)?.attributes.result).toBe('319H;Disable1');
    expect(byPayload('-Error')?.messages.at(-1)).toMatchObject({ kind: 'heartbeat', attributes: { result: '-Error' } });
  });

  it('identifies a device with a login before its first position', () => {
    expect(results.get(records[0]?.id ?? '')?.messages[0]).toEqual({
      kind: 'login',
      imei: '511340877',
      attributes: {},
    });
    expect(byPayload('STT;0560001616')?.messages.map((m) => m.kind)).toEqual(['login', 'position']);
  });

  it('never throws on truncated or corrupted captures', () => {
    const session = createSuntechSession();
    for (const r of records) {
      const bytes = bytesOf(r);
      for (let n = 1; n < bytes.length; n += 3) {
        const flipped = bytes.slice();
        flipped[n] = (flipped[n] ?? 0) ^ 0x5a;
        for (const result of [session.decode(bytes.slice(0, n)), session.decode(flipped)]) {
          expect(result.error !== null || result.messages.length > 0, r.id).toBe(true);
          expect(result.error ?? '', r.id).not.toMatch(/internal/);
          expect(result.messages.filter(hasLocation).every((m) => Math.abs(m.latitude ?? 0) <= 90)).toBe(true);
        }
      }
    }
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    for (let i = 0; i < 3000; i++) {
      const bytes = Uint8Array.from({ length: 1 + (i % 90) }, random);
      if (i % 3 === 0) bytes[0] = [0x02, 0x81, 0x82][i % 9 === 0 ? 0 : i % 2 ? 1 : 2] ?? 0;
      if (i % 3 === 0 && bytes[0] !== 0x02) bytes[1] = 0;
      const result = session.decode(bytes);
      expect(result.error !== null || result.messages.length > 0).toBe(true);
      expect(result.error ?? '').not.toMatch(/internal/);
    }
    expect(session.decode(new Uint8Array(200_000).fill(0x41)).error).toMatch(/unknown report/);
    expect(session.decode(new Uint8Array()).error).toMatch(/^Suntech frame: empty frame/);
    expect(session.decode(hexToBytes('ff00')).error).toMatch(/^Suntech binary 0xff: truncated/);
  });
});
