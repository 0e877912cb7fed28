import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import { loadFrameRecords, loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { createTeltonikaFramer, TELTONIKA_MAX_BUFFERED_BYTES } from './frame.ts';

interface VectorRecord extends VectorRecordBase {
  payload_hex: string;
}
// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('teltonika.json');
const frameRecords = loadFrameRecords('teltonika');

/** Every captured TCP packet that frames as exactly itself (a few captures lie about their length). */
function joinedStream(): { stream: Uint8Array; frames: string[] } {
  const frames = records
    .filter((r) => r.transport !== 'udp')
    .map((r) => r.payload_hex)
    .filter((hex) => {
      const out = createTeltonikaFramer().push(hexToBytes(hex));
      return out.error === null && out.frames.length === 1 && bytesToHex(out.frames[0] ?? new Uint8Array()) === hex;
    });
  return { stream: hexToBytes(frames.join('')), frames };
}

function frameAll(stream: Uint8Array, cuts: number[]): string[] {
  const framer = createTeltonikaFramer();
  const out: string[] = [];
  let from = 0;
  for (const cut of [...cuts, stream.length]) {
    const { frames, error } = framer.push(stream.subarray(from, cut));
    expect(error).toBeNull();
    out.push(...frames.map(bytesToHex));
    from = cut;
  }
  expect(framer.bufferedBytes).toBe(0);
  return out;
}

describe('Teltonika framer', () => {
  it.each(frameRecords.filter((r) => r.set === 'dev').map((r) => [r.input_hex.slice(0, 16), r] as const))(
    'frames.json %s… gives its expected frame',
    (_, r) => {
      const out = createTeltonikaFramer().push(hexToBytes(r.input_hex));
      expect(out.error).toBeNull();
      expect(bytesToHex(out.frames[0] ?? new Uint8Array())).toBe(r.expected_frame_hex);
    },
  );

  it('frames every withheld frames.json input once more data follows, without error', () => {
    for (const r of frameRecords.filter((x) => x.set === 'withheld')) {
      const out = createTeltonikaFramer().push(hexToBytes(r.input_hex + 'ff'));
      expect(out.error).toBeNull();
      expect(out.frames.length).toBeGreaterThan(0);
    }
  });

  it('recovers the same frames from joined packets whatever the split', () => {
    const { stream, frames } = joinedStream();
    expect(frames.length).toBeGreaterThan(40);
    expect(frameAll(stream, [])).toEqual(frames);
    expect(
      frameAll(
        stream,
        Array.from({ length: stream.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(frames);
  });

  it('recovers the same frames when one split falls anywhere in a run of small packets', () => {
    const frames = joinedStream().frames.filter((hex) => hex.length <= 400);
    const stream = hexToBytes(frames.join(''));
    expect(frames.length).toBeGreaterThan(30);
    for (let cut = 1; cut < stream.length; cut++) {
      const got = frameAll(stream, [cut]);
      if (got.length !== frames.length || got.some((f, i) => f !== frames[i]))
        throw new Error(`split at ${cut} differs`);
    }
  });

  it('cuts the IMEI handshake, a ping and a packet arriving together', () => {
    const imei = '000f313233343536373839303132333435';
    const packet = '00000000000000090c010d00000001000100000cd8';
    expect(frameAll(hexToBytes(imei + 'ff' + packet + 'ff'), [])).toEqual([imei, 'ff', packet, 'ff']);
  });

  it('waits for a packet whose data field contains zero bytes and FF', () => {
    const framer = createTeltonikaFramer();
    const packet = hexToBytes('0000000000000009 0c010d00000001ff01 00001234'.replace(/ /g, ''));
    expect(framer.push(packet.subarray(0, 10)).frames).toEqual([]);
    expect(framer.bufferedBytes).toBe(10);
    expect(framer.push(packet.subarray(10)).frames.map(bytesToHex)).toEqual([bytesToHex(packet)]);
  });

  it('reports garbage and stays failed', () => {
    const framer = createTeltonikaFramer();
    const out = framer.push(hexToBytes('ff' + '474554202f'));
    expect(out.frames.map(bytesToHex)).toEqual(['ff']);
    expect(out.error).toBe('not a Teltonika frame: expected an IMEI length, 00 00 00 00 or FF, got 47 45 54 20');
    expect(framer.push(hexToBytes('ff')).error).toBe(out.error);
  });

  it('reports a broken preamble and an implausible IMEI length', () => {
    expect(createTeltonikaFramer().push(hexToBytes('0000000100')).error).toMatch(/^not a Teltonika frame/);
    expect(createTeltonikaFramer().push(hexToBytes('00ff')).error).toBe('IMEI handshake of 255 bytes is too long');
  });

  it('bounds the bytes it buffers', () => {
    const framer = createTeltonikaFramer();
    const header = hexToBytes('00000000 0000fff4'.replace(/ /g, ''));
    expect(framer.push(header).error).toBeNull();
    expect(framer.push(new Uint8Array(100)).error).toBeNull();
    expect(framer.bufferedBytes).toBe(108);
    const tooLong = createTeltonikaFramer().push(hexToBytes('00000000 0000fff5'.replace(/ /g, '')));
    expect(tooLong.error).toBe(`data field length 65525 exceeds the ${TELTONIKA_MAX_BUFFERED_BYTES}-byte limit`);
    expect(createTeltonikaFramer({ maxBufferedBytes: 64 }).push(hexToBytes('0000000000000035')).error).toMatch(
      /exceeds the 64-byte limit/,
    );
  });
});
