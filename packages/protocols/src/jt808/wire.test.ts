// eslint-disable-next-line no-restricted-imports -- tests read the shared captured packets
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import { checkFrameRecords, checkSplits } from '../testing/framing.ts';
import { type FrameRecord, loadVectors, VECTORS_DIR, type VectorRecordBase } from '../testing/vectors.ts';
import { addressOfTarget, jt808Commands } from './commands.ts';
import { createJt808Session } from './decoder.ts';
import { encodeJt808Auth, encodeJt808Heartbeat, encodeJt808Location, encodeJt808Register } from './encoder.ts';
import { createJt808Framer, escapeJt808, unescapeJt808 } from './frame.ts';
import { parseFrame } from './header.ts';
import { jt808Protocol } from './index.ts';

/** The JT808 wire: framer (frames-new.json, split streams, escapes), simulator encoder, commands. */

const records = loadVectors<VectorRecordBase & { id: string }>('jt808.json');
const frameRecords = (
  JSON.parse(readFileSync(new URL('frames-new.json', VECTORS_DIR), 'utf8')) as FrameRecord[]
).filter((r) => r.protocol === 'jt808');

const record = (seq: number): VectorRecordBase => {
  const r = records.find((x) => x.id === `jt808-${String(seq).padStart(3, '0')}`);
  if (!r) throw new Error(`no record ${seq}`);
  return r;
};
const bytesOf = (r: VectorRecordBase): Uint8Array => hexToBytes(r.payload_hex ?? '');
const replyHex = (r: DecodeResult): string => bytesToHex(r.reply ?? new Uint8Array());

describe('JT808 framer', () => {
  const newFramer = () => createJt808Framer();

  it('meets frames-new.json: the text frame as is, escaped frames un-escaped, junk before a flag skipped', () => {
    expect(frameRecords.length).toBeGreaterThan(0);
    const firsts = checkFrameRecords(newFramer, frameRecords, record(88).payload_hex ?? '');
    expect(firsts[1]).toBe('7e307e087d557e');
    expect(firsts[2]).toBe('7e307e087d557e');
  });

  // Captured frames with no 0x7d/0x7e between their flags: escaping leaves them as they are.
  const plain = records
    .map((r) => r.payload_hex ?? '')
    .filter((hex) => hex.startsWith('7e') && !/7[de]/.test(hex.slice(2, -2).match(/../g)?.join(' ') ?? ''));

  it('cuts joined frames the same whatever the split', () => {
    const frames = plain.slice(0, 6);
    expect(frames.length).toBe(6);
    checkSplits(newFramer, frames, { everyCut: frames.slice(0, 2) });
  });

  it('un-escapes 0x7d 0x02 and 0x7d 0x01 even when a chunk ends between them', () => {
    const raw = bytesOf(record(40)); // its identifier bytes are 4f 07 78 8e f8 7d
    expect(bytesToHex(raw)).toMatch(/^7e090000344f07788ef87d01/);
    const wire = escapeJt808(raw);
    expect(bytesToHex(wire)).toMatch(/^7e090000344f07788ef87d0101/);
    for (let cut = 1; cut < wire.length; cut++) {
      const framer = newFramer();
      const frames = [...framer.push(wire.subarray(0, cut)).frames, ...framer.push(wire.subarray(cut)).frames];
      expect(frames.map(bytesToHex)).toEqual([bytesToHex(raw)]);
    }
    expect(bytesToHex(unescapeJt808(hexToBytes('7e307d02087d01557e')))).toBe('7e307e087d557e');
  });

  it('skips junk and stray flags between frames, and frames Jimi text answers', () => {
    const frame = plain[0] ?? '';
    const stream = hexToBytes(`0d0a${frame}7e${frame}283132332c4f4b29`);
    expect(newFramer().push(stream).frames.map(bytesToHex)).toEqual([frame, frame, '283132332c4f4b29']);
  });

  it('never throws on arbitrary bytes, and every frame it cuts decodes or is rejected with a reason', () => {
    let seed = 808;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    const framer = newFramer();
    const session = createJt808Session({ transport: 'tcp' });
    for (let i = 0; i < 200; i++) {
      const chunk = Uint8Array.from({ length: 64 }, () => (next() < 16 ? 0x7e : next()));
      const { frames, error } = framer.push(chunk);
      expect(error).toBeNull();
      for (const frame of frames) expect(session.decode(frame).error ?? '').not.toMatch(/internal/);
    }
  });

  it('bounds what it holds waiting for a closing flag', () => {
    const framer = newFramer();
    expect(framer.push(Uint8Array.from([0x7e, ...new Uint8Array(8192)])).error).toMatch(
      /no closing 0x7e within 8192 bytes/,
    );
  });
});

describe('JT808 encoder (simulator) round trip', () => {
  const fix = {
    phone: '13511221122',
    serial: 0x7e7d,
    time: Date.UTC(2026, 10, 28, 20, 15, 30),
    lat: -6.2,
    lon: 106.816666,
    speedKmh: 42.5,
    course: 271,
    altitude: 35,
    ignition: true,
    satellites: 9,
    odometer: 123400,
  };

  it('encodes a location report the framer and decoder read back', () => {
    const wire = encodeJt808Location({ ...fix, alarm: 'sos' });
    const { frames, error } = createJt808Framer().push(wire);
    expect(error).toBeNull();
    expect(frames).toHaveLength(1);
    const result = createJt808Session({ transport: 'tcp' }).decode(frames[0] ?? new Uint8Array());
    expect(result.warnings).toEqual([]);
    expect(result.messages).toEqual([
      { kind: 'login', imei: '13511221122', attributes: {} },
      {
        kind: 'position',
        imei: '13511221122',
        valid: true,
        deviceTimeMs: fix.time,
        latitude: -6.2,
        longitude: 106.816666,
        altitude: 35,
        speedKmh: 42.5,
        course: 271,
        satellites: 9,
        attributes: { alarm: 'sos', ignition: true, blocked: false, odometer: 123400 },
      },
    ]);
    // The serial 0x7e7d travels escaped: 7d 02 7d 01.
    expect(bytesToHex(wire)).toContain('7d027d01');
    expect(replyHex(result)).toBe('7e8001000501351122112200007d027d01020000b17e');
  });

  it.each([
    'sos',
    'overspeed',
    'lowBattery',
    'powerCut',
    'vibration',
    'tampering',
    'geofence',
    'towing',
    'accident',
  ] as const)('alarm %s survives the round trip', (alarm) => {
    const frame = unescapeJt808(encodeJt808Location({ ...fix, alarm }));
    expect(createJt808Session({ transport: 'tcp' }).decode(frame).messages[1]?.attributes.alarm).toBe(alarm);
  });

  it('encodes registration, authentication and heartbeat, each answered as the standard says', () => {
    const session = createJt808Session({ transport: 'tcp' });
    const reg = session.decode(
      unescapeJt808(encodeJt808Register({ phone: '13511221122', serial: 1, plate: 'B12345' })),
    );
    expect(reg.messages[1]?.attributes).toMatchObject({
      maker: 'JEJAK',
      model: 'JT808',
      terminalId: '1221122',
      plate: 'B12345',
    });
    const code = String.fromCharCode(...(reg.reply ?? new Uint8Array()).subarray(16, -2));
    expect(code).toBe('13511221122');
    const auth = session.decode(unescapeJt808(encodeJt808Auth({ phone: '13511221122', serial: 2, code })));
    expect(auth.messages).toEqual([{ kind: 'heartbeat', imei: '13511221122', attributes: { authCode: code } }]);
    const hb = session.decode(unescapeJt808(encodeJt808Heartbeat({ phone: '13511221122', serial: 3 })));
    expect(replyHex(hb)).toBe('7e8001000501351122112200020003000200b37e');
  });
});

describe('JT808 commands', () => {
  const target = { imei: '13511221122', serial: 0x0102 };
  const decoded = (bytes: Uint8Array | null) => {
    const frame = unescapeJt808(bytes ?? new Uint8Array());
    const { header, body, warnings } = parseFrame(frame);
    expect(warnings).toEqual([]); // check code and body length right
    return { type: header.type, serial: header.serial, id: header.deviceId, body: bytesToHex(body.readRest()) };
  };

  it.each([
    [{ type: 'engineStop' } as const, 0x8105, '64'],
    [{ type: 'engineResume' } as const, 0x8105, '65'],
    [{ type: 'reboot' } as const, 0x8105, '04'],
    [{ type: 'requestPosition' } as const, 0x8201, ''],
    [{ type: 'setInterval', seconds: 30 } as const, 0x8103, '01' + '00000029' + '04' + '0000001e'],
    [
      { type: 'custom', text: 'STATUS#' } as const,
      0x8300,
      '01' + bytesToHex(Uint8Array.from('STATUS#', (c) => c.charCodeAt(0))),
    ],
  ])('%o → message %i', (command, type, body) => {
    expect(decoded(jt808Commands.encode(command, target))).toEqual({ type, serial: 0x0102, id: '13511221122', body });
  });

  it('sends engine commands as Jimi text when the device is set so', () => {
    const text = { ...target, settings: { engineControl: 'text' } };
    expect(decoded(jt808Commands.encode({ type: 'engineStop' }, text)).body).toBe(
      bytesToHex(Uint8Array.from('\x01RELAY,1#', (c) => c.charCodeAt(0))),
    );
  });

  it('escapes 0x7e and 0x7d in the header and body, and addresses IMEIs the Jimi way', () => {
    const wire = jt808Commands.encode({ type: 'reboot' }, { imei: '13511221122', serial: 0x7e7d });
    expect(bytesToHex(wire ?? new Uint8Array())).toMatch(/^7e81050001013511221122/);
    expect(bytesToHex(wire ?? new Uint8Array())).toContain('7d027d01');
    expect(decoded(wire).serial).toBe(0x7e7d);
    expect(decoded(jt808Commands.encode({ type: 'reboot' }, { imei: '865478070102068', serial: 1 })).id).toBe(
      '865478070102068',
    );
    expect(addressOfTarget('not digits')).toBeNull();
    const v2019 = decoded(
      jt808Commands.encode(
        { type: 'reboot' },
        { imei: '866496077582164', serial: 1, settings: { jt808Version: 2019 } },
      ),
    );
    expect(v2019.id).toBe('866496077582164');
    expect(jt808Commands.encode({ type: 'custom', text: 'caf\u00e9' }, target)).toBeNull();
  });

  it("is the protocol definition's command encoder", () => {
    expect(jt808Protocol).toMatchObject({
      id: 'jt808',
      transports: ['tcp'],
      defaultPort: 5015,
      commands: jt808Commands,
    });
    expect(jt808Protocol.models[0]).toBe('JT808');
  });
});
