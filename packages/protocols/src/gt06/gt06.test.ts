import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  loadFrameRecords,
  loadVectors,
  type Expectation,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { checkFrameRecords, checkSplits, frameAll, framedAsThemselves } from '../testing/framing.ts';
import { createGt06Session } from './decoder.ts';
import { decodeAck, encodeAck, encodeGps22, encodeHeartbeat, encodeLogin, type Gps22Input } from './encoder.ts';
import { createGt06Framer, GT06_MAX_BUFFERED_BYTES } from './frame.ts';

interface DerivedPosition {
  fix_time_utc: string;
  valid: boolean;
  latitude: number;
  longitude: number;
  speed_kph: number;
  course_deg: number;
  satellites: number;
  ignition?: boolean;
}
interface VectorRecord extends VectorRecordBase {
  payload_hex: string;
  expect?: Expectation;
  derived?: { frame?: { protocol_number: string; serial: number; crc_itu_ok: boolean }; position?: DerivedPosition };
  decoder_context?: { settings?: { setModelOverride?: string } };
}
// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('gt06.json');
const frameRecords = loadFrameRecords('gt06');

/** Dev packets we do not decode; they must be rejected clearly, and still answered. */
const UNSUPPORTED_DEV = new Map([
  [1, /0x12: empty packet/],
  [157, /unsupported message type 0x1f/],
]);
/** Dev packets whose CRC-ITU does not match (computed independently of this decoder). */
const BAD_CRC_DEV = [37, 160, 166, 169, 175];

/** Replays a whole file in sequence order through one session, as a connection would. */
function replay(crc: 'strict' | 'lenient'): Map<number, DecodeResult> {
  const session = createGt06Session({ crc });
  const results = new Map<number, DecodeResult>();
  for (const r of records) {
    session.setVariant(r.decoder_context?.settings?.setModelOverride ?? null);
    results.set(r.sequence, session.decode(hexToBytes(r.payload_hex)));
  }
  return results;
}

function checkDerived(derived: NonNullable<VectorRecord['derived']>, type: number, result: DecodeResult): void {
  const p = derived.position;
  if (p) {
    const m = result.messages.find(hasLocation);
    expect(m?.deviceTimeMs).toBe(Date.parse(p.fix_time_utc));
    expect(m?.valid).toBe(p.valid);
    expect(m?.latitude).toBeCloseTo(p.latitude, 5);
    expect(m?.longitude).toBeCloseTo(p.longitude, 5);
    expect(m?.speedKmh).toBe(p.speed_kph);
    expect(m?.course).toBe(p.course_deg);
    expect(m?.satellites).toBe(p.satellites);
    if (p.ignition !== undefined) expect(m?.attributes.ignition).toBe(p.ignition);
  }
  if (derived.frame?.crc_itu_ok && result.reply) {
    expect(bytesToHex(result.reply)).toBe(bytesToHex(encodeAck(type, derived.frame.serial)));
  }
}

describe('GT06 decoder on captured packets (one session per file, lenient CRC)', () => {
  const results = replay('lenient');
  const dev = records.filter((r) => r.set === 'dev' && !UNSUPPORTED_DEV.has(r.sequence));

  it.each(dev.map((r) => [r.sequence, r] as const))('dev #%i meets its expectation', (_seq, r) => {
    const result = results.get(r.sequence);
    if (!result || !r.expect) throw new Error('no result');
    checkExpectation(r.expect, result);
    const type = parseInt(r.derived?.frame?.protocol_number ?? '0', 16);
    if (r.derived) checkDerived(r.derived, type, result);
  });

  it.each([...UNSUPPORTED_DEV])('dev #%i is rejected with a clear reason, and answered', (seq, reason) => {
    const result = results.get(seq);
    expect(result?.messages).toEqual([]);
    expect(result?.error).toMatch(reason);
    // Well formed but unknown: the gateway keeps the connection open, and the device gets the
    // serial echo it waits for.
    expect(result?.unsupported).toBe(true);
    const hex = records.find((r) => r.sequence === seq)?.payload_hex ?? '';
    const serial = parseInt(hex.slice(-12, -8), 16);
    expect(decodeAck(result?.reply ?? new Uint8Array())).toEqual({ type: parseInt(hex.slice(6, 8), 16), serial });
  });

  it('decodes or clearly rejects every withheld packet', () => {
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(r.sequence);
      if (!result) throw new Error(`#${r.sequence} has no result`);
      if (result.error) expect(result.error, `#${r.sequence}`).toMatch(/^GT06 0x[0-9a-f]{2}: \S/);
      else expect(result.messages.length + (result.reply ? 1 : 0), `#${r.sequence}`).toBeGreaterThan(0);
      expect(result.error ?? '', `#${r.sequence}`).not.toMatch(/internal/);
    }
  });

  it('learns the IMEI from the login and tags later messages with it', () => {
    const login = results.get(2)?.messages[0];
    expect(login).toMatchObject({ kind: 'login', imei: '864717003283581' });
    expect(results.get(4)?.messages[0]?.imei).toBe('864717003283581');
  });

  it('marks re-uploaded 0x22 fixes as memory', () => {
    expect(results.get(112)?.messages[0]?.memory).toBe(true);
    expect(results.get(91)?.messages[0]?.memory).toBe(false);
  });
});

describe('GT06 CRC policy', () => {
  it('strict sessions reject exactly the packets whose CRC does not match', () => {
    const results = replay('strict');
    const rejected = records
      .filter((r) => r.set === 'dev' && /CRC mismatch/.test(results.get(r.sequence)?.error ?? ''))
      .map((r) => r.sequence);
    expect(rejected).toEqual(BAD_CRC_DEV);
  });

  it('lenient sessions accept them with a warning', () => {
    const results = replay('lenient');
    expect(results.get(37)?.warnings.join()).toMatch(/CRC mismatch: frame says 8a64/);
  });
});

describe('GT06 replies', () => {
  it('acks a login with the standard serial echo (byte for byte)', () => {
    // The server response worked out for serial 0x0052 in the vector file (#160).
    expect(bytesToHex(encodeAck(0x01, 0x52))).toBe('787805010052b9c20d0a');
    const result = createGt06Session().decode(hexToBytes('78780d01086471700328358100093f040d0a'));
    expect(bytesToHex(result.reply ?? new Uint8Array())).toBe(bytesToHex(encodeAck(0x01, 0x0009)));
  });

  it('acks heartbeats, GPS and alarms but not information packets', () => {
    const session = createGt06Session();
    const ackOf = (hex: string) => {
      const reply = session.decode(hexToBytes(hex)).reply;
      return reply ? decodeAck(reply) : null;
    };
    expect(ackOf('78780a13440604000201baaf540d0a')).toEqual({ type: 0x13, serial: 0x01ba });
    expect(ackOf('78781f12110616091835d0024bb93007d3fb783dd4c501940500f2006c8504a6e0370d0a')).toEqual({
      type: 0x12,
      serial: 0x04a6,
    });
    expect(ackOf('7878251610051b0f1c34c5022515d504b5dcd20738080902d4022bdf009cba5006640201006759680d0a')).toEqual({
      type: 0x16,
      serial: 0x0067,
    });
    expect(ackOf('79790008940b02e3048614200d0a')).toBeNull();
  });
});

const FIXES: Gps22Input[] = [
  {
    timeMs: Date.UTC(2026, 10, 21, 8, 30, 5),
    lat: 3.139,
    lon: 101.6869,
    speedKmh: 57,
    course: 271,
    satellites: 9,
    valid: true,
    reupload: false,
    acc: true,
  },
  {
    timeMs: Date.UTC(2025, 0, 1, 0, 0, 0),
    lat: -33.8688,
    lon: 151.2093,
    speedKmh: 0,
    course: 0,
    satellites: 4,
    valid: false,
    reupload: true,
  },
  {
    timeMs: Date.UTC(2030, 5, 30, 23, 59, 59),
    lat: 40.7128,
    lon: -74.006,
    speedKmh: 255,
    course: 359,
    satellites: 15,
    valid: true,
    reupload: false,
    acc: false,
  },
];

describe('GT06 encoder round trips (encode → frame → decode)', () => {
  it('encodes a login byte for byte like a real device', () => {
    expect(bytesToHex(encodeLogin('864717003283581', 0x0009))).toBe('78780d01086471700328358100093f040d0a');
  });

  it('encodes a heartbeat byte for byte like a real device', () => {
    const hb = encodeHeartbeat({ acc: false, charging: true, voltageLevel: 6, gsm: 4 }, 0x01ba);
    expect(bytesToHex(hb)).toBe('78780a13440604000201baaf540d0a');
  });

  it.each(FIXES.map((f, i) => [i, f] as const))('0x22 fix %i survives the trip', (i, fix) => {
    const bytes = encodeGps22(fix, 100 + i);
    const framed = createGt06Framer().push(bytes);
    expect(framed.frames).toHaveLength(1);
    const result = createGt06Session().decode(framed.frames[0] ?? new Uint8Array());
    expect(result.error).toBeNull();
    const m = result.messages[0];
    expect(m).toMatchObject({
      kind: 'position',
      deviceTimeMs: fix.timeMs,
      valid: fix.valid,
      speedKmh: fix.speedKmh,
      course: fix.course,
    });
    expect(m?.satellites).toBe(fix.satellites);
    expect(m?.memory).toBe(fix.reupload);
    expect(m?.attributes.ignition).toBe(fix.acc ?? false);
    expect(m?.latitude).toBeCloseTo(fix.lat, 6);
    expect(m?.longitude).toBeCloseTo(fix.lon, 6);
    expect(decodeAck(result.reply ?? new Uint8Array())).toEqual({ type: 0x22, serial: 100 + i });
  });

  it('heartbeat status survives the trip', () => {
    const result = createGt06Session().decode(
      encodeHeartbeat({ acc: true, voltageLevel: 3, gsm: 2, blocked: true }, 7),
    );
    expect(result.messages[0]).toMatchObject({
      kind: 'heartbeat',
      attributes: { ignition: true, batteryLevel: 50, gsm: 2, blocked: true, charge: false },
    });
  });
});

const newFramer = () => createGt06Framer();

describe('GT06 framer', () => {
  it('frames the frames.json inputs and recovers the captures joined, whatever the split', () => {
    checkFrameRecords(newFramer, frameRecords, '78780a13440604000201baaf540d0a');
    const frames = framedAsThemselves(
      newFramer,
      records.map((r) => r.payload_hex),
    );
    expect(frames.length).toBeGreaterThan(150);
    checkSplits(newFramer, frames);
  });

  it('keeps a frame containing 0D 0A whole when split right after it', () => {
    // #31: the payload ends in "\r\n" before the serial; the declared length decides.
    const hex = '797900109b0344373532304136320d0a000f87f00d0a';
    const bytes = hexToBytes(hex);
    expect(frameAll(newFramer, bytes, [hex.indexOf('0d0a') / 2 + 2])).toEqual([hex]);
  });

  it('reports garbage and stays failed', () => {
    const framer = createGt06Framer();
    const out = framer.push(hexToBytes('78780a13440604000201baaf540d0a' + '474554202f'));
    expect(out.frames).toHaveLength(1);
    expect(out.error).toMatch(/not a GT06 frame: expected 78 78 or 79 79, got 47 45/);
    expect(framer.push(hexToBytes('78780a13440604000201baaf540d0a')).error).toBe(out.error);
  });

  it('bounds the bytes it buffers', () => {
    const framer = createGt06Framer();
    const noStop = new Uint8Array(GT06_MAX_BUFFERED_BYTES + 10).fill(0x41);
    noStop.set([0x79, 0x79, 0xff, 0xff], 0);
    expect(framer.push(noStop.subarray(0, 100)).error).toBeNull();
    expect(framer.bufferedBytes).toBe(100);
    expect(framer.push(noStop.subarray(100)).error).toMatch(/no complete frame within 4096 bytes/);
    expect(framer.bufferedBytes).toBe(0);
  });
});
