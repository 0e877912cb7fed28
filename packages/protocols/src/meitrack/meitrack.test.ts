import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  loadFrameRecords,
  loadVectors,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { checkFrameRecords, checkSplits, frameAll, framedAsThemselves } from '../testing/framing.ts';
import { createMeitrackSession } from './decoder.ts';
import { encodeMeitrackAAA, encodeMeitrackFrame, type MeitrackAaaInput } from './encoder.ts';
import { createMeitrackFramer, MEITRACK_MAX_BUFFERED_BYTES } from './frame.ts';
import { meitrackProtocol } from './index.ts';

type VectorRecord = VectorRecordBase;

// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('meitrack.json');
const frameRecords = loadFrameRecords('meitrack');

/** Dev packets whose checksum does not match (sum of bytes worked out independently of this decoder). */
const BAD_CHECKSUM_DEV = [4, 25];

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const bytesOf = (r: VectorRecord): Uint8Array =>
  r.payload_hex ? hexToBytes(r.payload_hex) : ascii(r.payload_text ?? '');

/** Replays the whole file in sequence order through one session, as a connection would. */
function replay(checksum: 'strict' | 'lenient'): Map<number, DecodeResult> {
  const session = createMeitrackSession({ checksum });
  return new Map(records.map((r) => [r.sequence, session.decode(bytesOf(r))]));
}

describe('Meitrack decoder on captured packets (one session per file, lenient checksum)', () => {
  const results = replay('lenient');

  it.each(records.filter((r) => r.set === 'dev').map((r) => [r.sequence, r] as const))(
    'dev #%i meets its expectation',
    (_seq, r) => {
      const result = results.get(r.sequence);
      if (!result || !r.expect) throw new Error('no result');
      expect(result.error).toBeNull();
      checkExpectation(r.expect, result);
    },
  );

  it('matches the independently derived fix of the CCC report (#49)', () => {
    const want = (records.find((r) => r.sequence === 49)?.expect ?? {}) as Record<string, unknown>;
    const fix = results.get(49)?.messages.find(hasLocation);
    expect(fix?.deviceTimeMs).toBe(Date.parse(String(want.fix_time_utc)));
    expect(fix?.valid).toBe(want.valid);
    const tolerance = Number(want.tolerance_deg);
    expect(Math.abs((fix?.latitude ?? 0) - Number(want.latitude))).toBeLessThanOrEqual(tolerance);
    expect(Math.abs((fix?.longitude ?? 0) - Number(want.longitude))).toBeLessThanOrEqual(tolerance);
  });

  it('decodes or clearly rejects every withheld packet', () => {
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(r.sequence);
      if (!result) throw new Error(`#${r.sequence} has no result`);
      if (result.error) expect(result.error, `#${r.sequence}`).toMatch(/^Meitrack( [A-Z0-9]{3})?: \S/);
      else expect(result.messages.length, `#${r.sequence}`).toBeGreaterThan(0);
      expect(result.error ?? '', `#${r.sequence}`).not.toMatch(/internal/);
    }
  });

  it('identifies the device before its first position and tags every message', () => {
    expect(results.get(1)?.messages[0]).toEqual({ kind: 'login', imei: '867951078010564', attributes: {} });
    expect(
      results
        .get(1)
        ?.messages.slice(1)
        .every((m) => m.imei === '867951078010564'),
    ).toBe(true);
    // #10 and #11 come from the device #9 already identified: no second login.
    expect(results.get(11)?.messages.map((m) => m.kind)).toEqual(['position', 'position']);
  });

  it('reads the CCE parameters: event code → alarm, engine hours, cell, voltages', () => {
    const sos = results.get(13)?.messages.filter(hasLocation)[2];
    expect(sos?.attributes).toMatchObject({ event: 1, alarm: 'sos' });
    const first = results.get(1)?.messages[1];
    expect(first).toMatchObject({ satellites: 17, speedKmh: 24, course: 198, altitude: 76, valid: true });
    expect(first?.attributes).toMatchObject({
      mcc: 604,
      mnc: 2,
      hdop: 0.5,
      battery: 4.22,
      power: 14.25,
      odometer: 518578,
    });
  });

  it('reads AAA text reports and command replies', () => {
    const aaa = results.get(34)?.messages.find(hasLocation);
    expect(aaa).toMatchObject({ latitude: 54.739468, longitude: 25.273648, satellites: 5, speedKmh: 0, course: 73 });
    expect(aaa?.attributes).toMatchObject({ event: 37, driverUniqueId: '006380DF', mcc: 246, lac: 0x65 });
    expect(results.get(31)?.messages).toEqual([
      { kind: 'heartbeat', imei: '353358017784062', attributes: { result: 'D03,OK', commandFlag: 'D' } },
    ]);
  });

  it('never throws on truncated or corrupted captures', () => {
    const session = createMeitrackSession({ checksum: 'lenient' });
    for (const r of records) {
      const bytes = bytesOf(r);
      for (let n = 1; n < bytes.length; n += 3) {
        const flipped = bytes.slice();
        flipped[n] = (flipped[n] ?? 0) ^ 0x5a;
        for (const result of [session.decode(bytes.slice(0, n)), session.decode(flipped)]) {
          expect(result.error !== null || result.messages.length > 0, `#${r.sequence}`).toBe(true);
          expect(result.error ?? '', `#${r.sequence}`).not.toMatch(/internal/);
        }
      }
    }
  });

  it('never replies: Meitrack reports are not acknowledged', () => {
    expect([...results.values()].every((r) => r.reply === null)).toBe(true);
  });

  it('rejects photo transfer as unsupported, keeping the connection', () => {
    const frame = encodeMeitrackFrame('A', '864507031245110', 'D00', '0215080432_C1E03.jpg,1,0,ffd8');
    const result = createMeitrackSession().decode(frame);
    expect(result).toMatchObject({ messages: [], reply: null, unsupported: true });
    expect(result.error).toMatch(/^Meitrack D00: picture transfer/);
  });
});

describe('Meitrack checksum policy', () => {
  it('strict sessions reject exactly the dev packets whose checksum does not match', () => {
    const results = replay('strict');
    const rejected = records
      .filter((r) => r.set === 'dev' && /checksum mismatch/.test(results.get(r.sequence)?.error ?? ''))
      .map((r) => r.sequence);
    expect(rejected).toEqual(BAD_CHECKSUM_DEV);
    expect(results.get(4)?.error).toBe('Meitrack CCE: checksum mismatch: frame says D6, computed 64');
  });

  it('lenient sessions accept them with a warning', () => {
    expect(replay('lenient').get(25)?.warnings.join()).toMatch(/checksum mismatch: frame says 74, computed 9C/);
  });
});

type FixRow = [number, number, number, number, number, number, boolean, Partial<MeitrackAaaInput>];
const FIXES: MeitrackAaaInput[] = (
  [
    [Date.UTC(2026, 10, 21, 8, 30, 5), 3.139, 101.6869, 57, 271, 9, true, {}],
    [Date.UTC(2025, 0, 1), -33.8688, 151.2093, 0, 0, 0, false, { event: 1, flag: 'z' }],
    [
      Date.UTC(2030, 5, 30, 23, 59, 59),
      40.7128,
      -74.006,
      180,
      359,
      15,
      true,
      { event: 19, altitude: -12, odometer: 1e5 },
    ],
  ] satisfies FixRow[]
).map(([timeMs, lat, lon, speedKmh, course, satellites, valid, extra]) => ({
  imei: '864507031245110',
  ...{ timeMs, lat, lon, speedKmh, course, satellites, valid },
  ...extra,
}));
const ALARMS: Record<number, string> = { 1: 'sos', 19: 'overspeed' };

describe('Meitrack encoder round trips (encode → frame → decode, strict checksum)', () => {
  it.each(FIXES.map((f, i) => [i, f] as const))('AAA fix %i survives the trip', (_i, fix) => {
    const framed = createMeitrackFramer().push(encodeMeitrackAAA(fix));
    expect(framed.frames).toHaveLength(1);
    const result = createMeitrackSession().decode(framed.frames[0] ?? new Uint8Array());
    expect(result.error).toBeNull();
    expect(result.warnings).toEqual([]);
    const [login, m] = result.messages;
    expect(login).toEqual({ kind: 'login', imei: fix.imei, attributes: {} });
    expect(m).toMatchObject({
      kind: 'position',
      imei: fix.imei,
      deviceTimeMs: fix.timeMs,
      valid: fix.valid,
      speedKmh: fix.speedKmh,
      course: fix.course,
      satellites: fix.satellites,
      latitude: fix.lat,
      longitude: fix.lon,
    });
    expect(m?.attributes.event).toBe(fix.event ?? 35);
    expect(m?.attributes.alarm).toBe(ALARMS[fix.event ?? 0]);
    if (fix.odometer !== undefined) expect(m?.attributes.odometer).toBe(fix.odometer);
  });

  it('writes the length and checksum the way devices do', () => {
    // The captured reply #31 re-encoded: same bytes, CR LF added (the capture was stored without it).
    const frame = encodeMeitrackFrame('D', '353358017784062', 'D03', 'OK');
    expect(String.fromCharCode(...frame)).toBe('$$D28,353358017784062,D03,OK*F3\r\n');
  });
});

const newFramer = () => createMeitrackFramer();

describe('Meitrack framer', () => {
  it('frames the frames.json capture as itself and recovers the captures joined, whatever the split', () => {
    const inputs = frameRecords.map((r) => r.input_hex);
    const next = bytesToHex(encodeMeitrackFrame('D', '353358017784062', 'D03', 'OK'));
    expect(checkFrameRecords(newFramer, frameRecords, next)).toEqual(inputs);
    // Those stored with their CR LF frame as themselves.
    const frames = framedAsThemselves(newFramer, [...records.map((r) => bytesToHex(bytesOf(r))), ...inputs]);
    expect(frames.length).toBeGreaterThanOrEqual(20);
    checkSplits(newFramer, frames);
  });

  it('cuts binary reports by their length even when they contain CR LF and *', () => {
    const ccc = records.find((r) => r.sequence === 49);
    const hex = bytesToHex(bytesOf(ccc ?? { sequence: 0, set: 'dev' }));
    // The last analog inputs (six zero bytes before "*") rewritten to hold CR LF * CR LF.
    const withCrLf = hex.replace('0000000000002a', '0d0a2a0d0a002a');
    expect(withCrLf).not.toBe(hex);
    expect(frameAll(newFramer, hexToBytes(withCrLf + withCrLf), [20])).toEqual([withCrLf, withCrLf]);
  });

  it('reports garbage and stays failed', () => {
    const framer = createMeitrackFramer();
    const good = encodeMeitrackFrame('D', '353358017784062', 'D03', 'OK');
    const out = framer.push(Uint8Array.from([...good, ...ascii('GET /')]));
    expect(out.frames).toHaveLength(1);
    expect(out.error).toMatch(/not a Meitrack frame: expected 24 24 \("\$\$"\), got 47 45/);
    expect(framer.push(good).error).toBe(out.error);
  });

  it('rejects a frame whose declared end is not CR LF', () => {
    const bad = ascii('$$A10,12345,AAA*00\r\n');
    expect(createMeitrackFramer().push(bad).error).toMatch(/length field says 10 but the frame does not end in CR LF/);
    expect(createMeitrackFramer().push(ascii('$$Ax9,')).error).toMatch(/bad length/);
  });

  it('bounds the bytes it buffers', () => {
    const framer = createMeitrackFramer();
    expect(framer.push(ascii('$$A4000,8645')).error).toBeNull();
    expect(framer.bufferedBytes).toBe(12);
    const tooLong = createMeitrackFramer().push(ascii('$$A9999,'));
    expect(tooLong.error).toMatch(new RegExp(`exceeds ${MEITRACK_MAX_BUFFERED_BYTES}`));
  });
});

describe('Meitrack protocol definition', () => {
  it('describes the MT90 on TCP port 5020', () => {
    expect(meitrackProtocol).toMatchObject({
      id: 'meitrack',
      models: ['MT90'],
      transports: ['tcp'],
      defaultPort: 5020,
    });
    const frame = meitrackProtocol.createFramer().push(encodeMeitrackAAA(FIXES[0] as MeitrackAaaInput)).frames[0];
    const result = meitrackProtocol.createSession({ transport: 'tcp' }).decode(frame ?? new Uint8Array());
    expect(result.messages.map((m) => m.kind)).toEqual(['login', 'position']);
  });
});
