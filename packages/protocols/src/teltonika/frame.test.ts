import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import { checkFrameRecords, checkSplits, frameAll, framedAsThemselves } from '../testing/framing.ts';
import { loadFrameRecords, loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { createTeltonikaFramer, TELTONIKA_MAX_BUFFERED_BYTES } from './frame.ts';

interface VectorRecord extends VectorRecordBase {
  payload_hex: string;
}
// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('teltonika.json');
const frameRecords = loadFrameRecords('teltonika');

const newFramer = () => createTeltonikaFramer();

describe('Teltonika framer', () => {
  it('frames the frames.json inputs and recovers the captures joined, whatever the split', () => {
    checkFrameRecords(newFramer, frameRecords, 'ff');
    const frames = framedAsThemselves(
      newFramer,
      records.filter((r) => r.transport !== 'udp').map((r) => r.payload_hex),
    );
    expect(frames.length).toBeGreaterThan(40);
    // Cut in two at every byte: the small packets only (the stream of all of them is long).
    const small = frames.filter((hex) => hex.length <= 400);
    expect(small.length).toBeGreaterThan(30);
    checkSplits(newFramer, frames, { everyCut: small });
  });

  it('cuts the IMEI handshake, a ping and a packet arriving together', () => {
    const imei = '000f313233343536373839303132333435';
    const packet = '00000000000000090c010d00000001000100000cd8';
    expect(frameAll(newFramer, hexToBytes(imei + 'ff' + packet + 'ff'), [])).toEqual([imei, 'ff', packet, 'ff']);
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
