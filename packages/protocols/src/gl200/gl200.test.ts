import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  isValidPosition,
  loadFrameRecords,
  loadVectors,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { checkFrameRecords, checkSplits, frameAll, framedAsThemselves } from '../testing/framing.ts';
import { createGl200Session } from './decoder.ts';
import { encodeGl200Fri, encodeGl200Heartbeat, type Gl200FriInput } from './encoder.ts';
import { createGl200Framer, GL200_MAX_BUFFERED_BYTES } from './frame.ts';
import { gl200Protocol } from './index.ts';

interface VectorRecord extends VectorRecordBase {
  id: string;
  decoder_variant: 'text' | 'binary';
}

// Missing vectors must fail the suite, never skip it. Text and binary records number their
// sequences separately; the replay takes them in sequence order, file order on ties.
const records = loadVectors<VectorRecord>('gl200.json');
const frameRecords = loadFrameRecords('gl200');

const bytesOf = (r: VectorRecord): Uint8Array =>
  r.payload_hex ? hexToBytes(r.payload_hex) : Uint8Array.from(r.payload_text ?? '', (c) => c.charCodeAt(0));

/** Replays the whole file through one session, as a connection would. Keyed by record id. */
function replay(): Map<string, DecodeResult> {
  const session = createGl200Session();
  return new Map(records.map((r) => [r.id, session.decode(bytesOf(r))]));
}

const text = (seq: number): string => `gl200-${String(seq).padStart(3, '0')}`;
const binary = (seq: number): string => `gl200-${String(191 + seq).padStart(3, '0')}`;

describe('Queclink decoder on captured packets (one session for the whole file)', () => {
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

  it('decodes or clearly rejects every withheld packet', () => {
    const rejected: string[] = [];
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(r.id);
      if (!result) throw new Error(`${r.id} has no result`);
      if (result.error) {
        expect(result.error, r.id).toMatch(/^Queclink \S+: \S/);
        rejected.push(r.id);
      } else {
        expect(result.messages.length, r.id).toBeGreaterThan(0);
      }
      expect(result.error ?? '', r.id).not.toMatch(/internal/);
    }
    expect(rejected).toEqual([]);
  });

  it('reads a compressed +RSP (0x64): every point, from the device buffer', () => {
    const fixes = results.get(binary(3))?.messages.filter(hasLocation) ?? [];
    expect(fixes).toHaveLength(268);
    expect(fixes[0]).toMatchObject({
      deviceTimeMs: 0x59803d8b * 1000,
      latitude: 39.611129,
      longitude: -9.068108,
      speedKmh: 22.7,
      course: 240,
      memory: true,
      attributes: { batteryLevel: 100, power: 14.573 },
    });
    // Delta points follow one second apart.
    expect((fixes[1]?.deviceTimeMs ?? 0) - (fixes[0]?.deviceTimeMs ?? 0)).toBe(1000);
    expect(fixes.every(isValidPosition)).toBe(true);
  });

  it('reads the firmware version and ICCID of a binary +INF', () => {
    expect(results.get(binary(6))?.messages.at(-1)?.attributes).toMatchObject({
      versionFw: '02.09',
      iccid: '8935103226313921591',
    });
  });

  it('reads the record-based binary frame ("+" 00): IMEI and GNSS fix', () => {
    const messages = results.get(binary(1))?.messages ?? [];
    expect(messages[0]).toEqual({ kind: 'login', imei: '865134050947226', attributes: {} });
    expect(messages[1]).toMatchObject({ kind: 'position', valid: true, latitude: 44.833422, satellites: 5 });
  });

  it('identifies a device once, before its first message, and tags every message', () => {
    expect(results.get(text(1))?.messages[0]).toEqual({ kind: 'login', imei: '868487004353181', attributes: {} });
    // The binary IMEI is seven two-digit bytes and one digit: 56 32 54 03 00 03 43 05.
    expect(results.get(binary(2))?.messages[0]).toEqual({ kind: 'login', imei: '865084030003675', attributes: {} });
    // 135790246811220 was identified at #61: its later positions need no new login.
    expect(results.get(text(178))?.messages.map((m) => m.kind)).toEqual(['position']);
    expect(results.get(text(178))?.messages[0]?.imei).toBe('135790246811220');
  });

  it('answers the heartbeat with +SACK:GTHBD (byte for byte)', () => {
    const reply = results.get(text(182))?.reply ?? new Uint8Array();
    expect(String.fromCharCode(...reply)).toBe('+SACK:GTHBD,1A0401,11F0$');
    expect([...results.entries()].filter(([, r]) => r.reply).map(([id]) => id)).toEqual([text(182)]);
  });

  it('marks +BUFF: reports as memory and +RESP: ones not', () => {
    expect(results.get(text(46))?.messages.find(hasLocation)?.memory).toBe(true);
    expect(results.get(text(64))?.messages[0]?.memory).toBe(true);
    expect(results.get(text(40))?.messages.find(hasLocation)?.memory).toBeUndefined();
  });

  it('reads every fix of a multi-position FRI and the trailer into the last', () => {
    const fixes = results.get(text(65))?.messages.filter(hasLocation) ?? [];
    expect(fixes.map((m) => m.speedKmh)).toEqual([2.1, 5.7, 4.4, 4.8]);
    expect(fixes[3]?.attributes.batteryLevel).toBe(83);
    expect(fixes[0]?.attributes.batteryLevel).toBeUndefined();
  });

  it('reads the vehicle trailer: mileage, hour meter, battery, device status, external power', () => {
    const m = results.get(text(144))?.messages.find(hasLocation);
    expect(m).toMatchObject({ valid: true, latitude: -17.776235, longitude: -63.169571, altitude: 431.7 });
    expect(m?.attributes).toMatchObject({
      odometer: 34900,
      hours: ((117 * 60 + 31) * 60 + 26) * 1000,
      batteryLevel: 0,
      ignition: true,
      out1: true,
      power: 15.153,
      mcc: 736,
      mnc: 3,
      lac: 0x6ad4,
      cellId: 0x80ef,
    });
  });

  it('treats GPS accuracy 0 as no current fix', () => {
    expect(results.get(text(7))?.messages.find(hasLocation)?.valid).toBe(false);
    expect(results.get(text(4))?.messages.find(hasLocation)?.valid).toBe(true);
  });

  it('never throws on truncated or corrupted captures', () => {
    const session = createGl200Session();
    for (const r of records) {
      const bytes = bytesOf(r);
      for (let n = 1; n < bytes.length; n += 5) {
        const cut = session.decode(bytes.slice(0, n));
        const flipped = bytes.slice();
        flipped[n] = (flipped[n] ?? 0) ^ 0x5a;
        for (const result of [cut, session.decode(flipped)]) {
          expect(result.error !== null || result.messages.length > 0, r.id).toBe(true);
          expect(result.error ?? '', r.id).not.toMatch(/internal/);
        }
      }
    }
  });

  it('turns acknowledgements into command results', () => {
    expect(results.get(text(184))?.messages[0]?.attributes).toEqual({ result: 'GTJDC,0016', commandSerial: 0x16 });
  });
});

const BASE = { imei: '860599000773978', timeMs: Date.UTC(2026, 10, 21, 8, 30, 5), lat: 3.139, lon: 101.6869 };
const FIXES: Gl200FriInput[] = [
  { ...BASE, speedKmh: 57.3, course: 271, count: 0x1a },
  { ...BASE, lat: -33.8688, lon: 151.2093, speedKmh: 0, course: 0, valid: false, buffered: true },
  {
    ...BASE,
    lat: 40.7128,
    lon: -74.006,
    speedKmh: 118.6,
    course: 359,
    altitude: -3.5,
    batteryLevel: 12,
    count: 0xffff,
  },
];

describe('Queclink encoder round trips (encode → frame → decode)', () => {
  it.each(FIXES.map((f, i) => [i, f] as const))('GTFRI %i survives the trip', (_i, fix) => {
    const framed = createGl200Framer().push(encodeGl200Fri(fix));
    expect(framed.frames).toHaveLength(1);
    const result = createGl200Session().decode(framed.frames[0] ?? new Uint8Array());
    expect(result.error).toBeNull();
    const [login, m] = result.messages;
    expect(login).toEqual({ kind: 'login', imei: fix.imei, attributes: {} });
    expect(m).toMatchObject({
      kind: 'position',
      imei: fix.imei,
      deviceTimeMs: fix.timeMs,
      valid: fix.valid ?? true,
      latitude: fix.lat,
      longitude: fix.lon,
      speedKmh: fix.speedKmh,
      course: fix.course,
      altitude: fix.altitude ?? 30,
    });
    expect(m?.memory).toBe(fix.buffered ? true : undefined);
    expect(m?.attributes).toMatchObject({ event: 'GTFRI', batteryLevel: fix.batteryLevel ?? 90, mcc: 502, mnc: 12 });
  });

  it('acknowledges a simulated heartbeat', () => {
    const result = createGl200Session().decode(
      encodeGl200Heartbeat({ imei: '860599000773978', timeMs: Date.UTC(2026, 0, 2, 3, 4, 5), count: 0x2b }),
    );
    expect(result.messages.map((m) => m.kind)).toEqual(['login', 'heartbeat']);
    expect(String.fromCharCode(...(result.reply ?? []))).toBe('+SACK:GTHBD,1A0800,002B$');
  });
});

const newFramer = () => createGl200Framer();

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('Queclink framer', () => {
  it('frames the frames.json captures', () => {
    checkFrameRecords(
      newFramer,
      frameRecords.filter((x) => x.expected_frame_hex),
      '',
    );
    // The withheld ones: a record-based binary frame ("+" 00, whole), then partial and whole reports.
    const inputs = frameRecords.filter((x) => !x.expected_frame_hex).map((r) => r.input_hex);
    const withheld = inputs.map((hex) => createGl200Framer().push(hexToBytes(hex)));
    expect(withheld.map((o) => o.frames.length)).toEqual([1, 1, 1]);
    expect(bytesToHex(withheld[0]?.frames[0] ?? new Uint8Array())).toBe(inputs[0]);
  });

  it('decodes the binary +LGN capture as the login of its IMEI', () => {
    const lgn = frameRecords.find((r) => r.expected_frame_hex)?.expected_frame_hex ?? '';
    expect(createGl200Session().decode(hexToBytes(lgn)).messages).toEqual([
      { kind: 'login', imei: '865284041305735', attributes: {} },
    ]);
  });

  it('recovers the same frames from joined packets whatever the split', () => {
    // Captures that frame as themselves: text ending in "$", binary with CR LF.
    const all = [...records.map((r) => bytesToHex(bytesOf(r))), ...frameRecords.map((r) => r.input_hex)];
    const frames = framedAsThemselves(newFramer, [...new Set(all)]);
    expect(frames.length).toBeGreaterThan(150);
    // Every capture with CR LF between frames; cut in two at every byte, binary and text mixed.
    const mixed = [...frames.filter((f) => !f.startsWith('2b52455350')).slice(0, 6), ...frames.slice(0, 20)];
    checkSplits(newFramer, frames, { separator: '0d0a', everyCut: mixed });
  });

  it('also ends a text report at CR LF, for firmwares that send no $', () => {
    const hb = '+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0';
    expect(
      frameAll(newFramer, ascii(`${hb}\r\n${hb}$`), [hb.length]).map((h) => String.fromCharCode(...hexToBytes(h))),
    ).toEqual([hb, `${hb}$`]);
  });

  it('reports garbage and stays failed', () => {
    const framer = createGl200Framer();
    const out = framer.push(ascii('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$GET /'));
    expect(out.frames).toHaveLength(1);
    expect(out.error).toMatch(/not a Queclink frame: .* got 47 45 54 20/);
    expect(framer.push(ascii('+RESP:GTFRI,$')).error).toBe(out.error);
  });

  it('rejects unknown binary headers and impossible lengths', () => {
    expect(createGl200Framer().push(ascii('+XYZ\u0001\u0002')).error).toMatch(/not a Queclink frame/);
    expect(createGl200Framer().push(hexToBytes('2b41434b017f05')).error).toMatch(/\+ACK length 5 is too short/);
  });

  it('bounds the bytes it buffers', () => {
    const framer = createGl200Framer();
    expect(framer.push(ascii('+RESP:GTFRI,1A0800,')).error).toBeNull();
    expect(framer.bufferedBytes).toBe(19);
    expect(framer.push(new Uint8Array(GL200_MAX_BUFFERED_BYTES).fill(0x41)).error).toMatch(/no \$ within 8192 bytes/);
    expect(framer.bufferedBytes).toBe(0);
  });
});

describe('Queclink protocol definition', () => {
  it('describes the GL300 on TCP port 5004', () => {
    expect(gl200Protocol).toMatchObject({ id: 'gl200', models: ['GL300'], transports: ['tcp'], defaultPort: 5004 });
    const frame = gl200Protocol.createFramer().push(encodeGl200Fri(FIXES[0] as Gl200FriInput)).frames[0];
    const result = gl200Protocol.createSession({ transport: 'tcp' }).decode(frame ?? new Uint8Array());
    expect(result.messages.map((m) => m.kind)).toEqual(['login', 'position']);
  });
});
