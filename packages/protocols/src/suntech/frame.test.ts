// eslint-disable-next-line no-restricted-imports -- tests read the shared captured packets
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import { checkFrameRecords, checkSplits, frameAll, framedAsThemselves } from '../testing/framing.ts';
import { loadVectors, VECTORS_DIR, type FrameRecord, type VectorRecordBase } from '../testing/vectors.ts';
import { suntechCommands } from './commands.ts';
import { createSuntechSession } from './decoder.ts';
import { encodeSuntechStt, type SuntechSttInput } from './encoder.ts';
import { createSuntechFramer, SUNTECH_MAX_BUFFERED_BYTES } from './frame.ts';
import { suntechProtocol } from './index.ts';

/** frames-new.json: raw stream bytes → first frame, for the protocols added after frames.json. */
const frameRecords = (
  JSON.parse(readFileSync(new URL('frames-new.json', VECTORS_DIR), 'utf8')) as FrameRecord[]
).filter((r) => r.protocol === 'suntech');

const newFramer = () => createSuntechFramer();
const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (b: Uint8Array | null): string => String.fromCharCode(...(b ?? []));

describe('Suntech framer', () => {
  it('frames the frames-new.json captures', () => {
    expect(frameRecords).toHaveLength(5);
    const alv = ascii('SA200ALV;317652\r');
    const firsts = checkFrameRecords(newFramer, frameRecords, bytesToHex(alv));
    // Withheld: a text UEX with binary data, a binary 0x81, a UEX with CR LF in its serial data.
    const inputs = frameRecords.map((r) => r.input_hex);
    expect(firsts[1]).toBe(inputs[1]?.slice(0, -2));
    expect(firsts[2]).toBe(inputs[2]);
    expect(firsts[4]).toBe(inputs[4]?.slice(0, -2));
  });

  it('recovers the same frames from joined packets whatever the split', () => {
    // The binary captures frame as themselves; text reports are sent with their CR.
    const captures = loadVectors<VectorRecordBase>('suntech.json').map((r) => r.payload_hex ?? '');
    const binary = framedAsThemselves(
      newFramer,
      captures.filter((h) => h && !h.startsWith('5354')),
    );
    expect(binary).toHaveLength(4);
    // The text captures of frames-new.json, without their CR: the ALV, a UEX with binary serial
    // data, a UEX with CR LF in its serial data.
    const texts = [3, 1, 4].map((i) =>
      (frameRecords[i]?.expected_frame_hex ?? frameRecords[i]?.input_hex ?? '').replace(/0d$/, ''),
    );
    const frames = [binary[0] ?? '', ...texts, ...binary.slice(1)];
    const withCr = frames.map((f) => (binary.includes(f) ? f : `${f}0d`));
    const stream = hexToBytes(withCr.join(''));
    for (const cuts of [[], Array.from({ length: stream.length - 1 }, (_, i) => i + 1)]) {
      expect(frameAll(newFramer, stream, cuts)).toEqual(frames);
    }
    for (let cut = 1; cut < stream.length; cut++) {
      if (frameAll(newFramer, stream, [cut]).join() !== frames.join()) throw new Error(`split at ${cut} differs`);
    }
    checkSplits(newFramer, binary);
  });

  it('reports garbage and stays failed', () => {
    const framer = createSuntechFramer();
    const out = framer.push(ascii('SA200ALV;317652\r\x00\x01'));
    expect(out.frames.map(text)).toEqual(['SA200ALV;317652']);
    expect(out.error).toMatch(/not a Suntech frame: .* got 00 01/);
    expect(framer.push(ascii('STT;1\r')).error).toBe(out.error);
  });

  it('bounds the bytes it buffers and rejects impossible lengths', () => {
    const framer = createSuntechFramer();
    expect(framer.push(ascii('ST300STT;')).error).toBeNull();
    expect(framer.bufferedBytes).toBe(9);
    expect(framer.push(new Uint8Array(SUNTECH_MAX_BUFFERED_BYTES).fill(0x41)).error).toMatch(/no CR within 4096 bytes/);
    expect(createSuntechFramer().push(hexToBytes('02ffff')).error).toMatch(/zip length 65539 exceeds 4096/);
    expect(createSuntechFramer().push(hexToBytes('810003')).error).toMatch(/binary 0x81 length 6 is too short/);
  });
});

const FIXES: SuntechSttInput[] = [
  {
    id: '0950030205',
    timeMs: Date.UTC(2026, 10, 21, 8, 30, 5),
    lat: 3.139,
    lon: 101.6869,
    speedKmh: 57.3,
    course: 271,
    ignition: true,
    index: 12,
  },
  {
    id: '0950030205',
    timeMs: Date.UTC(2026, 0, 1),
    lat: -33.8688,
    lon: 151.2093,
    speedKmh: 0,
    course: 0,
    valid: false,
    stored: true,
  },
  {
    id: '1610020241',
    timeMs: Date.UTC(2025, 5, 30, 23, 59, 59),
    lat: 40.7128,
    lon: -74.006,
    speedKmh: 118.6,
    course: 359.5,
  },
];

describe('Suntech encoder round trips (encode → frame → decode)', () => {
  it.each(FIXES.map((f, i) => [i, f] as const))('STT %i survives the trip', (_i, fix) => {
    const framed = createSuntechFramer().push(encodeSuntechStt(fix));
    expect(framed.frames).toHaveLength(1);
    const result = createSuntechSession().decode(framed.frames[0] ?? new Uint8Array());
    expect(result.error).toBeNull();
    const [login, m] = result.messages;
    expect(login).toEqual({ kind: 'login', imei: fix.id, attributes: {} });
    expect(m).toMatchObject({
      kind: 'position',
      imei: fix.id,
      deviceTimeMs: fix.timeMs,
      valid: fix.valid ?? true,
      latitude: fix.lat,
      longitude: fix.lon,
      speedKmh: fix.speedKmh,
      course: fix.course,
    });
    expect(m?.memory).toBe(fix.stored ? true : undefined);
    expect(m?.attributes).toMatchObject({ ignition: fix.ignition ?? false, index: fix.index ?? 1, mcc: 502 });
  });
});

describe('Suntech commands', () => {
  const encode = (
    command: Parameters<typeof suntechCommands.encode>[0],
    imei: string,
    settings?: Record<string, string>,
  ) => text(suntechCommands.encode(command, { imei, serial: 1, settings }));

  it('Universal devices (10-digit id): CMD;<id>;<group>;<action>', () => {
    expect(encode({ type: 'engineStop' }, '0950030205')).toBe('CMD;0950030205;04;01\r');
    expect(encode({ type: 'engineResume' }, '0950030205')).toBe('CMD;0950030205;04;02\r');
    expect(encode({ type: 'requestPosition' }, '0950030205')).toBe('CMD;0950030205;03;01\r');
    expect(encode({ type: 'reboot' }, '0950030205')).toBe('CMD;0950030205;03;03\r');
  });

  it('legacy devices: <family>CMD;<id>;02;<command>', () => {
    expect(encode({ type: 'engineStop' }, '100850000')).toBe('ST300CMD;100850000;02;Enable1\r');
    expect(encode({ type: 'engineResume' }, '317652', { commandPrefix: 'SA200' })).toBe(
      'SA200CMD;317652;02;Disable1\r',
    );
    expect(encode({ type: 'requestPosition' }, '100850000', { commandPrefix: 'bad' })).toBe(
      'ST300CMD;100850000;02;StatusReq\r',
    );
    expect(encode({ type: 'reboot' }, '100850000')).toBe('ST300CMD;100850000;02;Reboot\r');
  });

  it('custom text as given; refuses what it cannot send', () => {
    expect(encode({ type: 'custom', text: 'ST300CMD;100850000;02;Preset' }, '100850000')).toBe(
      'ST300CMD;100850000;02;Preset\r',
    );
    expect(suntechCommands.encode({ type: 'custom', text: 'a\rb' }, { imei: '100850000', serial: 1 })).toBeNull();
    expect(suntechCommands.encode({ type: 'setInterval', seconds: 60 }, { imei: '100850000', serial: 1 })).toBeNull();
    expect(suntechCommands.encode({ type: 'reboot' }, { imei: 'x;y', serial: 1 })).toBeNull();
    expect(suntechProtocol.commands).toBe(suntechCommands);
  });
});

describe('Suntech protocol definition', () => {
  it('describes the ST300 on TCP port 5011', () => {
    expect(suntechProtocol).toMatchObject({ id: 'suntech', transports: ['tcp'], defaultPort: 5011 });
    expect(suntechProtocol.models[0]).toBe('ST300');
  });
});
