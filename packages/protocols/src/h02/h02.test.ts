import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult, NormalizedMessage } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  loadFrameRecords,
  loadVectors,
  type Expectation,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { checkFrameRecords, checkSplits, framedAsThemselves } from '../testing/framing.ts';
import { createH02Session } from './decoder.ts';
import { encodeH02Binary, encodeH02Heartbeat, encodeH02Position, type H02PositionInput } from './encoder.ts';
import { createH02Framer, H02_MAX_FRAME_BYTES } from './frame.ts';
import { h02Protocol } from './index.ts';
import { encodeStatus, statusAttributes } from './status.ts';

interface Fix {
  fix_time_utc: string;
  valid: boolean;
  latitude: number;
  longitude: number;
  speed_knots?: number;
  course_deg?: number;
  status_hex?: string;
  tolerance_deg?: number;
}
type VectorRecord = VectorRecordBase & {
  id: string;
  expect?: Expectation & Partial<Fix>;
  derived?: { position?: Fix };
};
// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('h02.json');
const frameRecords = loadFrameRecords('h02');

/** The gateway's receive time, passed so that reports without a time of their own get one. */
const RECEIVED_AT = Date.UTC(2025, 10, 21, 8, 30, 0);

const text = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const bytesOf = (r: VectorRecord) => (r.payload_hex ? hexToBytes(r.payload_hex) : text(r.payload_text ?? ''));
const ascii = (bytes: Uint8Array | null): string => String.fromCharCode(...(bytes ?? []));
const fixOf = (id: string, lat: number, lon: number, speedKmh = 0, course = 0, timeMs = RECEIVED_AT) =>
  ({ id, lat, lon, speedKmh, course, timeMs, valid: true }) satisfies H02PositionInput;

/** Replays the whole file in sequence order through one session, as one connection or peer would. */
function replay(transport: 'tcp' | 'udp'): Map<string, DecodeResult> {
  const session = h02Protocol.createSession({ transport });
  return new Map(records.map((r) => [r.id, session.decode(bytesOf(r), { receivedAtMs: RECEIVED_AT })]));
}

function checkFix(m: NormalizedMessage | undefined, want: Fix): void {
  const tolerance = want.tolerance_deg ?? 5e-6;
  expect(m?.deviceTimeMs).toBe(Date.parse(want.fix_time_utc));
  expect(m?.valid).toBe(want.valid);
  expect(Math.abs((m?.latitude ?? NaN) - want.latitude)).toBeLessThanOrEqual(tolerance);
  expect(Math.abs((m?.longitude ?? NaN) - want.longitude)).toBeLessThanOrEqual(tolerance);
  if (want.speed_knots !== undefined) expect((m?.speedKmh ?? NaN) / 1.852).toBeCloseTo(want.speed_knots, 6);
  if (want.course_deg !== undefined) expect(m?.course).toBeCloseTo(want.course_deg, 6);
  if (want.status_hex) expect(m?.attributes.status).toBe(parseInt(want.status_hex, 16));
}

describe('H02 decoder on captured reports (one session per transport)', () => {
  const tcp = replay('tcp');

  it.each(records.filter((r) => r.set === 'dev').map((r) => [r.id, r] as const))('%s meets its expectation', (_, r) => {
    const result = tcp.get(r.id);
    if (!result || !r.expect) throw new Error('no result');
    expect(result.error).toBeNull();
    checkExpectation(r.expect, result);
    const fix = r.derived?.position ?? (r.expect.fix_time_utc ? (r.expect as Fix) : undefined);
    if (fix) checkFix(result.messages.find(hasLocation), fix);
  });

  it('decodes or clearly rejects every withheld report', () => {
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = tcp.get(r.id);
      if (!result) throw new Error(`${r.id} has no result`);
      if (result.error) expect(result.error, r.id).toMatch(/^H02( [A-Z0-9]+| binary)?: \S/);
      else expect(result.messages.length, r.id).toBeGreaterThan(0);
      expect(result.error ?? '', r.id).not.toMatch(/internal/);
    }
  });

  it('rejects only the typeless report, as unsupported', () => {
    expect(tcp.get('h02-024')).toMatchObject({ error: 'H02: report without a type', unsupported: true });
    const rejected = records.filter((r) => tcp.get(r.id)?.error).map((r) => r.id);
    expect(rejected).toEqual(['h02-024']);
  });

  it('decodes every report the same way over UDP, one datagram each', () => {
    const udp = replay('udp');
    for (const r of records) expect(udp.get(r.id), r.id).toEqual(tcp.get(r.id));
  });
});

describe('H02 identification (no login packet: the first report of an id identifies the device)', () => {
  const position = encodeH02Position(fixOf('4106012736', 3.1, 101.6, 40, 90));

  it('puts a login before the first position of an id, and tags everything with the id', () => {
    const session = createH02Session();
    const kinds = (r: DecodeResult) => r.messages.map((m) => `${m.kind} ${m.imei ?? '-'}`);
    const first = session.decode(position, { receivedAtMs: RECEIVED_AT });
    expect(kinds(first)).toEqual(['login 4106012736', 'position 4106012736']);
    // A V1 report is confirmed with V4,V1 and the receive time.
    expect(ascii(first.reply)).toBe('*HQ,4106012736,V4,V1,20251121083000#');
    expect(kinds(session.decode(position))).toEqual(['position 4106012736']);
    expect(session.deviceId).toBe('4106012736');
    // A new id (a UDP peer's address reused by another unit) is announced again.
    expect(kinds(session.decode(encodeH02Position(fixOf('4106012737', 1, 1))))[0]).toBe('login 4106012737');
  });

  it('makes a first report without a location the login itself, keeping its data', () => {
    const session = createH02Session();
    const link = text('*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#');
    const first = session.decode(link).messages;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'login', imei: '1700086468', attributes: { batteryLevel: 84, gsm: 15 } });
    expect(session.decode(link).messages.map((m) => m.kind)).toEqual(['heartbeat']);
  });
});

describe('H02 status word and time', () => {
  it('keeps the raw word and reads the bits the document defines (0 = present)', () => {
    const idle = { status: 0xffffffff, ignition: true, armed: false, door: false, blocked: false };
    expect(statusAttributes(0xffffffff)).toEqual(idle);
    expect(statusAttributes(0xfffff9ff)).toMatchObject({ ignition: false, armed: true });
    // After the S20 (cut fuel and power) command, captured: byte 1 bit 3 drops.
    expect(statusAttributes(0xf7fffbff)).toMatchObject({ blocked: true, ignition: false });
    const alarms = [0xfffbffff, 0xfffffffd, 0xfff7ffff, 0xfffffffb, 0xfffffffe].map((w) => statusAttributes(w).alarm);
    expect(alarms).toEqual(['sos', 'sos', 'powerCut', 'overspeed', 'vibration']);
  });

  it('encodes the same bits', () => {
    const all = { ignition: true, armed: true, door: true, blocked: true, alarm: 'powerCut' } as const;
    const word = encodeStatus(all);
    expect(statusAttributes(word)).toEqual({ status: word, ...all });
    expect(encodeStatus({})).toBe(0xfffffbff);
  });

  it('keeps a report whose time is unreadable, with a warning', () => {
    const nbr = text('*HQ,1400046168,NBR,160169,460,0,1,1,9338,3692,150,180813,FFFFFBFF#');
    const result = createH02Session().decode(nbr);
    expect(result.messages[0]).toMatchObject({ kind: 'login', attributes: { mcc: 460, lac: 9338, cellId: 3692 } });
    expect(result.messages[0]?.deviceTimeMs).toBeUndefined();
    expect(result.warnings).toEqual([
      'invalid time 160169: time unknown',
      'NBR not answered: the answer needs the receive time',
    ]);
  });

  it('dates a fix without a time on receipt only when told the receive time', () => {
    const vp1 = text('*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#');
    const told = createH02Session().decode(vp1, { receivedAtMs: RECEIVED_AT });
    expect(told.messages[1]).toMatchObject({ kind: 'position', deviceTimeMs: RECEIVED_AT, valid: true });
    const untold = createH02Session().decode(vp1);
    expect(untold.messages[1]?.deviceTimeMs).toBeUndefined();
    expect(untold.warnings).toEqual(['fix without a time: left to be dated on receipt']);
  });
});

describe('H02 replies', () => {
  it('answers an HTBT heartbeat with V4 and the receive time, byte for byte', () => {
    const result = createH02Session().decode(encodeH02Heartbeat('135790246811220', 100), { receivedAtMs: RECEIVED_AT });
    expect(ascii(result.reply)).toBe('*HQ,135790246811220,V4,HTBT,20251121083000#');
    expect(result.messages[0]).toMatchObject({ kind: 'login', attributes: { batteryLevel: 100 } });
  });

  it('echoes the maker code and leaves the heartbeat unanswered without a receive time', () => {
    const th = text('*TH,2020916012,HTBT#');
    const answer = ascii(createH02Session().decode(th, { receivedAtMs: 0 }).reply);
    expect(answer).toBe('*TH,2020916012,V4,HTBT,19700101000000#');
    const result = createH02Session().decode(th);
    expect(result.reply).toBeNull();
    expect(result.warnings).toEqual(['HTBT not answered: the answer needs the receive time']);
  });
});

const FIXES: H02PositionInput[] = [
  fixOf('4106012736', 3.139, 101.6869, 57, 271, Date.UTC(2026, 10, 21, 8, 30, 5)),
  { ...fixOf('353505221264507', -33.8688, 151.2093, 0, 0, Date.UTC(2025, 0, 1)), valid: false },
  fixOf('9180271180', 40.7128, -74.006, 120.5, 359.6, Date.UTC(2030, 5, 30, 23, 59, 59)),
  { ...fixOf('1451316409', -0.00001, -179.99999, 3, 45), status: encodeStatus({ alarm: 'sos' }) },
];

describe('H02 encoder round trips (encode → frame → decode)', () => {
  it.each(FIXES.map((f, i) => [i, f] as const))('fix %i survives the text (and binary) trip', (_, fix) => {
    for (const bytes of [encodeH02Position(fix), ...(fix.id.length === 10 ? [encodeH02Binary(fix)] : [])]) {
      expect(createH02Framer().push(bytes).frames.map(bytesToHex)).toEqual([bytesToHex(bytes)]);
      const m = createH02Session().decode(bytes).messages[1];
      const course = Math.round(fix.course) % 360;
      expect(m).toMatchObject({ kind: 'position', imei: fix.id, deviceTimeMs: fix.timeMs, valid: fix.valid, course });
      expect(m?.latitude).toBeCloseTo(fix.lat, 5);
      expect(m?.longitude).toBeCloseTo(fix.lon, 5);
      // Text sends knots with two decimals, binary whole knots.
      expect(Math.abs((m?.speedKmh ?? NaN) - fix.speedKmh)).toBeLessThanOrEqual(bytes[0] === 0x24 ? 0.93 : 0.01);
      expect(m?.attributes.status).toBe(fix.status ?? encodeStatus({ ignition: true }));
    }
  });

  it('writes the V1 layout of a real device', () => {
    const fix = fixOf('4300256455', 19.59188, 46.938738, 0, 100, Date.UTC(2013, 8, 17, 11, 18, 17));
    expect(ascii(encodeH02Position({ ...fix, status: 0xffe7fbff }))).toBe(
      '*HQ,4300256455,V1,111817,A,1935.5128,N,04656.3243,E,0.00,100,170913,FFE7FBFF#',
    );
  });
});

const newFramer = () => createH02Framer();

describe('H02 hostile datagrams', () => {
  // Found by the fuzz run: a text report padded with a long run of spaces, NULs or line breaks
  // (a UDP datagram can hold 64 KB) cost the quadratic `[\r\n\0 ]+$` trim ~5 s each, the
  // gateway's main thread frozen all the while. Linear, the whole test takes milliseconds; the
  // timeout is only a backstop.
  it('rejects a report padded to 64 KB at once, whatever the padding', { timeout: 10_000 }, () => {
    for (const pad of [0x20, 0x00, 0x0d, 0x0a]) {
      const datagram = new Uint8Array(65_507).fill(pad);
      datagram.set(text('*HQ,4209917102,V1,'), 0);
      datagram[datagram.length - 1] = 0x78;
      const result = createH02Session().decode(datagram, { receivedAtMs: RECEIVED_AT });
      expect(result.error).toBe('H02: a text report runs from * to #');
    }
  });
});

describe('H02 framer', () => {
  it('frames the frames.json inputs and recovers the captures joined, whatever the split', () => {
    const firsts = checkFrameRecords(newFramer, frameRecords, bytesToHex(encodeH02Heartbeat('4106011660')));
    // '$' and 'X' reports alike decode.
    for (const first of firsts) expect(createH02Session().decode(hexToBytes(first)).error, first).toBeNull();
    // Every captured report, line breaks after `#` aside.
    const captured = records.map((r) =>
      r.payload_text !== undefined ? bytesToHex(bytesOf(r)).replace(/(0d|0a)+$/, '') : (r.payload_hex ?? ''),
    );
    const frames = framedAsThemselves(newFramer, captured);
    expect(frames.length).toBe(records.length);
    // The stream starts and ends with text reports: see "takes a lone chunk …" below.
    expect([frames[0]?.slice(0, 2), frames.at(-1)?.slice(0, 2)]).toEqual(['2a', '2a']);
    checkSplits(newFramer, frames);
  });

  it('takes a lone chunk of a known binary length as one report, but waits when a chunk ends mid-stream', () => {
    const long = hexToBytes(records.find((r) => r.id === 'h02-084')?.payload_hex ?? '');
    expect(createH02Framer().push(long).frames).toHaveLength(1);
    const framer = createH02Framer();
    expect(framer.push(long.subarray(0, 20)).frames).toHaveLength(0);
    expect(framer.push(long.subarray(20, 32)).frames).toHaveLength(0); // 32 bytes could be a short report: wait
    expect(framer.push(long.subarray(32)).frames).toHaveLength(0); // and 45 could be the start of a 46
    expect(framer.bufferedBytes).toBe(45);
    const hb = encodeH02Heartbeat('4109114427');
    expect(framer.push(hb).frames).toEqual([long, hb]);
  });

  it('skips line breaks between reports', () => {
    const hb = encodeH02Heartbeat('4106011660');
    const out = createH02Framer().push(hexToBytes(`0d0a${bytesToHex(hb)}0d0a0a${bytesToHex(hb)}0d0a`));
    expect(out).toEqual({ frames: [hb, hb], error: null });
  });

  it('reports garbage and stays failed', () => {
    const framer = createH02Framer();
    const hb = encodeH02Heartbeat('4106011660');
    const out = framer.push(hexToBytes(bytesToHex(hb) + '474554202f'));
    expect(out).toEqual({ frames: [hb], error: 'not an H02 frame: expected * or $, got 47 45' });
    expect(framer.push(hb).error).toBe(out.error);
  });

  it('refuses a binary report of no known length', () => {
    const bytes = new Uint8Array(60).fill(0x11);
    bytes[0] = 0x24;
    const { error } = createH02Framer().push(bytes);
    expect(error).toBe('binary report of unknown length: no report starts after 32, 42, 45, 46, 48 bytes');
  });

  it('bounds the bytes it buffers', () => {
    const framer = createH02Framer();
    const noEnd = new Uint8Array(H02_MAX_FRAME_BYTES + 10).fill(0x41);
    noEnd[0] = 0x2a;
    expect(framer.push(noEnd.subarray(0, 100)).error).toBeNull();
    expect(framer.bufferedBytes).toBe(100);
    expect(framer.push(noEnd.subarray(100)).error).toBe('no # within 2048 bytes of a text report');
    expect(framer.bufferedBytes).toBe(0);
  });
});
