import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  isValidPosition,
  loadVectors,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { createRuptelaSession } from './decoder.ts';
import { encodeRuptelaPacket } from './encoder.ts';

interface VectorRecord extends VectorRecordBase {
  id: string;
  payload_hex: string;
}

// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('ruptela.json');
const id = (seq: number): string => `ruptela-${String(seq).padStart(3, '0')}`;
/** Captures whose length field disagrees with their bytes (the CRC covers them all): see the vector notes. */
const BAD_LENGTH = [id(7), id(9)];
/** Well-formed packets of a kind we do not handle. */
const UNSUPPORTED = new Map([[id(5), /^Ruptela command 0x25: file transfer \(camera pictures\) is not supported$/]]);

/** Replays the whole file through one session, as a connection would. Keyed by record id. */
function replay(): Map<string, DecodeResult> {
  const session = createRuptelaSession();
  return new Map(records.map((r) => [r.id, session.decode(hexToBytes(r.payload_hex))]));
}

describe('Ruptela decoder on captured packets (one session for the whole file)', () => {
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

  it('decodes every withheld packet but the camera file chunk, which it rejects as unsupported', () => {
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(r.id);
      const unsupported = UNSUPPORTED.get(r.id);
      if (unsupported) {
        expect(result?.error, r.id).toMatch(unsupported);
        expect(result?.unsupported, r.id).toBe(true);
      } else {
        expect(result?.error, r.id).toBeNull();
        expect(result?.messages.length, r.id).toBeGreaterThan(0);
      }
    }
  });

  it('every fix it reads is a valid position', () => {
    const fixes = [...results.values()].flatMap((r) => r.messages.filter(hasLocation));
    expect(fixes).toHaveLength(18);
    expect(fixes.filter((m) => !isValidPosition(m))).toEqual([]);
  });

  it('reads a 0x01 record field by field (#4)', () => {
    const [login, fix, ...rest] = results.get(id(4))?.messages ?? [];
    expect(rest).toEqual([]);
    expect(login).toEqual({ kind: 'login', imei: '869153042601309', attributes: {} });
    expect(fix).toMatchObject({
      kind: 'position',
      imei: '869153042601309',
      deviceTimeMs: Date.parse('2021-06-18T21:03:45Z'),
      latitude: 39.3143383,
      longitude: -8.9242633,
      altitude: 56.3,
      course: 110.2,
      satellites: 18,
      speedKmh: 0,
      valid: true,
      attributes: { priority: 0, event: 7, hdop: 0.6, battery: 3.736, ignition: false },
    });
  });

  it('reads 0x44 extended records, joining a record split in three (#1)', () => {
    const fixes = results.get(id(1))?.messages.filter(hasLocation) ?? [];
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ latitude: 33.53196, longitude: -7.637765, speedKmh: 61, satellites: 24 });
    // iButton from the first part, odometer and power from the second.
    expect(fixes[0]?.attributes).toMatchObject({
      driverUniqueId: '01d042f31d000030',
      odometer: 682815,
      power: 13.27,
      gsm: 30,
      operator: 60402,
    });
  });

  it('takes ignition from DIN4, the ignition input (#10: moving, CAN 1520 rpm)', () => {
    const fix = results.get(id(10))?.messages.find(hasLocation);
    expect(fix?.attributes).toMatchObject({ din4: true, ignition: true, rpm: 1520, odometer: 7816907 });
  });

  it('acknowledges records, identification and DTCs byte for byte, and nothing else', () => {
    const reply = (seq: number) => bytesToHex(results.get(id(seq))?.reply ?? new Uint8Array());
    for (const seq of [1, 3, 4, 10, 11, 12, 13, 14, 15, 16]) expect(reply(seq)).toBe('0002640113bc');
    expect(reply(2)).toBe('00027301cb25');
    expect(reply(6)).toBe('00027301cb25');
    expect(reply(9)).toBe('00026d01c4a4');
    for (const seq of [5, 7, 8]) expect(results.get(id(seq))?.reply).toBeNull();
  });

  it('reads identification, command answers and trouble codes', () => {
    expect(results.get(id(2))?.messages[0]?.attributes).toEqual({ versionFw: 'Es0400.03.68.04' });
    expect(results.get(id(7))?.messages[0]?.attributes).toEqual({ result: 'SETIO configuration data ok', type: 7 });
    expect(results.get(id(7))?.warnings).toEqual(['length field 17 but 36 payload bytes']);
    const dtcs = results.get(id(9))?.messages.filter(hasLocation) ?? [];
    expect(dtcs.map((m) => [m.attributes.dtcs, m.memory])).toEqual([
      ['P0010', undefined],
      ['P0011', true],
    ]);
    expect(dtcs[0]).toMatchObject({ latitude: 43.755129, longitude: 13.1467505, imei: '012207001062170' });
  });

  it('warns about a wrong length field only where the capture has one', () => {
    const warned = [...results.entries()].filter(([, r]) => r.warnings.length > 0).map(([k]) => k);
    expect(warned).toEqual(BAD_LENGTH);
  });

  it('keeps records without a fix as timed heartbeats (#3: 29 of them)', () => {
    const messages = results.get(id(3))?.messages ?? [];
    expect(messages).toHaveLength(29);
    expect(messages.filter(hasLocation)).toEqual([]);
    expect(messages[2]).toMatchObject({ kind: 'heartbeat', attributes: { power: 12.437, motion: true } });
  });

  it('rejects a bad CRC, truncation and noise with a reason, and never throws', () => {
    const session = createRuptelaSession();
    const packet = hexToBytes(records[3]?.payload_hex ?? '');
    const flipped = packet.slice();
    flipped[20] = (flipped[20] ?? 0) ^ 0x01;
    expect(session.decode(flipped).error).toMatch(/^Ruptela command 0x01: CRC [0-9a-f]{4} does not match/);
    expect(session.decode(packet.subarray(0, 8)).error).toBe('Ruptela packet: packet of 8 bytes is too short');
    for (const r of records) {
      const bytes = hexToBytes(r.payload_hex);
      for (let cut = 0; cut < bytes.length; cut += 7) {
        // Re-sealed with a right CRC so the record parser itself meets the truncation.
        const body = bytes.subarray(2, Math.max(2, cut));
        const resealed = encodeRuptelaPacket(body[8] ?? 0, body.subarray(9));
        for (const frame of [bytes.subarray(0, cut), resealed]) {
          expect(session.decode(frame).error ?? '').not.toMatch(/internal/);
        }
      }
    }
    for (let i = 0; i < 300; i++) {
      const noise = Uint8Array.from({ length: (i * 13) % 120 }, (_, k) => (i * 37 + k * 11) & 0xff);
      expect(session.decode(noise).error ?? '').not.toMatch(/internal/);
    }
  });
});
