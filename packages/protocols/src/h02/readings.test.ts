import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import { hasLocation, isValidPosition, loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { createH02Session } from './decoder.ts';

/*
 * The readings added for issue 29 item 3, each on the captured report it was worked out from
 * (../shared/vectors/h02.json, by id).
 */
const records = loadVectors<VectorRecordBase & { id: string }>('h02.json');
const RECEIVED_AT = Date.UTC(2025, 10, 21, 8, 30, 0);
const text = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const ascii = (bytes: Uint8Array | null): string => String.fromCharCode(...(bytes ?? []));

/** Withheld reports that carry no fix: heartbeats, cell reports, replies, a zero-filled V1. */
const WITHOUT_FIX = new Set(
  [5, 8, 11, 17, 21, 26, 27, 35, 36, 38, 39, 42, 44, 45, 47, 51, 56, 86].map(
    (n) => `h02-${String(n).padStart(3, '0')}`,
  ),
);

function capture(id: string): Uint8Array {
  const r = records.find((x) => x.id === id);
  if (!r) throw new Error(`no vector ${id}`);
  return r.payload_hex ? hexToBytes(r.payload_hex) : text(r.payload_text ?? '');
}

/** The last message of one report decoded by a fresh session (the login, if any, comes first). */
function decodeOne(bytes: Uint8Array): NormalizedMessage | undefined {
  const result = createH02Session().decode(bytes, { receivedAtMs: RECEIVED_AT });
  expect(result.error).toBeNull();
  return result.messages.at(-1);
}

describe('H02 withheld reports (replayed in order through one session)', () => {
  const session = createH02Session();
  const replayed = new Map(records.map((r) => [r.id, session.decode(capture(r.id), { receivedAtMs: RECEIVED_AT })]));

  it('gives every withheld report carrying a fix one valid position, and the others their status', () => {
    for (const r of records.filter((x) => x.set === 'withheld' && x.id !== 'h02-024')) {
      const result = replayed.get(r.id);
      const located = result?.messages.filter(hasLocation) ?? [];
      expect(result?.error, r.id).toBeNull();
      if (WITHOUT_FIX.has(r.id)) {
        expect(located, r.id).toHaveLength(0);
        expect(result?.messages.length, r.id).toBe(1);
      } else {
        expect(located.length, r.id).toBe(1);
        expect(located.every(isValidPosition), r.id).toBe(true);
      }
    }
  });
});

describe('H02 binary reports', () => {
  it('reads the 42-byte layout with a 15-digit id (h02-012)', () => {
    const result = createH02Session().decode(capture('h02-012'));
    expect(result.messages.map((m) => m.imei)).toEqual(['352483084193293', '352483084193293']);
    const m = result.messages[1];
    expect(m).toMatchObject({ kind: 'position', valid: true, deviceTimeMs: Date.UTC(2017, 7, 18, 10, 47, 59) });
    expect(m?.latitude).toBeCloseTo(26 + 27.3359 / 60, 6);
    expect(m?.longitude).toBeCloseTo(74 + 41.2294 / 60, 6);
    expect(m?.speedKmh).toBeCloseTo(24 * 1.852, 6);
    expect(m?.course).toBe(138);
  });

  it('reads the battery byte: a six-step gauge (6 = full) or, above 6, a percentage', () => {
    expect(decodeOne(capture('h02-077'))?.attributes.batteryLevel).toBe(100); // byte 16 = 06
    expect(decodeOne(capture('h02-010'))?.attributes.batteryLevel).toBe(96); // byte 16 = 0x60
    expect(decodeOne(capture('h02-079'))?.attributes.batteryLevel).toBeUndefined(); // 00: not known
  });

  it('reads the odometer and cell of the 46-byte tail, as the same unit sends them in text', () => {
    const binary = decodeOne(capture('h02-030'))?.attributes;
    const textual = decodeOne(capture('h02-031'))?.attributes;
    expect(binary).toMatchObject({ odometer: 69129344, lac: 0x5141, cellId: 0x5a20 });
    expect(textual).toMatchObject({ odometer: 69129336, lac: 0x5141, cellId: 0x5a20 });
  });
});

describe('H02 text reports', () => {
  it('reads the sensor tail after the status word (h02-031)', () => {
    const m = decodeOne(capture('h02-031'));
    expect(m).toMatchObject({ altitude: 18, attributes: { temp1: 0, fuel: 100 } });
  });

  it('takes a block of zeros without hemispheres for no fix, keeping the status (h02-056)', () => {
    const m = decodeOne(capture('h02-056'));
    expect(m).toMatchObject({ kind: 'login', attributes: { status: 0xffffffff } });
    expect(m?.latitude).toBeUndefined();
  });

  it('reads the serving cell of a VP1 report without a fix (h02-011)', () => {
    expect(decodeOne(capture('h02-011'))?.attributes).toEqual({ mcc: 470, mnc: 2, lac: 92, cellId: 3565 });
  });

  it('takes a report without an id as the device of the connection, and rejects it on a new one', () => {
    const session = createH02Session();
    session.decode(capture('h02-014'));
    const result = session.decode(capture('h02-015'), { receivedAtMs: RECEIVED_AT });
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ kind: 'position', imei: '353505221264507', valid: true });
    expect(result.warnings).toEqual(['report without a device id: taken as the device of this connection']);
    expect(ascii(result.reply)).toBe('*HQ,353505221264507,V4,V1,20251121083000#');
    expect(createH02Session().decode(capture('h02-015')).error).toBe('H02 V1: missing device id');
  });
});

describe('H02 answers', () => {
  it('confirms V1 and NBR reports with V4 and the receive time; other position types are not answered', () => {
    const answer = (id: string) => ascii(createH02Session().decode(capture(id), { receivedAtMs: RECEIVED_AT }).reply);
    expect(answer('h02-062')).toBe('*HQ,2705171109,V4,V1,20251121083000#');
    expect(answer('h02-063')).toBe('*TH,2020916012,V4,V1,20251121083000#');
    expect(answer('h02-038')).toBe('*HQ,4208150188,V4,NBR,20251121083000#');
    expect(answer('h02-006')).toBe(''); // V5
    expect(answer('h02-065')).toBe(''); // V4, itself an answer
  });

  it('treats V0 as a heartbeat, answered like HTBT', () => {
    const result = createH02Session().decode(text('*HQ,4106012736,V0#'), { receivedAtMs: RECEIVED_AT });
    expect(result.messages).toEqual([{ kind: 'login', imei: '4106012736', attributes: {} }]);
    expect(ascii(result.reply)).toBe('*HQ,4106012736,V4,V0,20251121083000#');
  });
});
