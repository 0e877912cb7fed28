import { expect } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { Framer } from '../message.ts';
import type { FrameRecord } from './vectors.ts';

/**
 * The checks every stream framer's tests apply (STYLE: framers fed split and joined streams),
 * with the captured packets and frames.json of ../shared/vectors. Test code only.
 */
export type NewFramer = () => Framer;

/** The packets (hex) the framer cuts, alone, as exactly themselves: a few captures lie about their length. */
export function framedAsThemselves(newFramer: NewFramer, packetsHex: readonly string[]): string[] {
  return packetsHex.filter((hex) => {
    const out = newFramer().push(hexToBytes(hex));
    return out.error === null && out.frames.length === 1 && bytesToHex(out.frames[0] ?? new Uint8Array()) === hex;
  });
}

/** Pushes `stream` in the pieces `cuts` makes; expects no error and nothing held back. Returns the frames (hex). */
export function frameAll(newFramer: NewFramer, stream: Uint8Array, cuts: readonly number[]): string[] {
  const framer = newFramer();
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

export interface SplitOptions {
  /** Bytes (hex) between frames in the joined stream, e.g. CR LF. Default none. */
  separator?: string;
  /** The frames, joined, to cut in two at every byte (a long stream makes that slow). Default `frames`. */
  everyCut?: readonly string[];
}

/**
 * `frames` joined into one stream come out the same whatever the split: whole, one byte at a
 * time, and (`everyCut`, joined without separator) cut in two at every byte.
 */
export function checkSplits(newFramer: NewFramer, frames: readonly string[], opts: SplitOptions = {}): void {
  const stream = hexToBytes(frames.join(opts.separator ?? ''));
  expect(frameAll(newFramer, stream, [])).toEqual(frames);
  const everyByte = Array.from({ length: stream.length - 1 }, (_, i) => i + 1);
  expect(frameAll(newFramer, stream, everyByte)).toEqual(frames);
  const cutFrames = opts.everyCut ?? frames;
  const joined = hexToBytes(cutFrames.join(''));
  const want = cutFrames.join();
  for (let cut = 1; cut < joined.length; cut++) {
    // One comparison per cut, not one expect: thousands of cuts.
    if (frameAll(newFramer, joined, [cut]).join() !== want) throw new Error(`split at ${cut} differs`);
  }
}

/**
 * frames.json: every `dev` input gives its expected frame first; every `withheld` input frames
 * without error alone and, with `followedBy` (hex, a frame of the protocol) after it, gives at
 * least one frame. Returns the first frame of each record (withheld: with `followedBy`), in order.
 */
export function checkFrameRecords(newFramer: NewFramer, records: readonly FrameRecord[], followedBy: string): string[] {
  return records.map((r) => {
    if (r.expected_frame_hex) {
      const out = newFramer().push(hexToBytes(r.input_hex));
      expect(out.error, r.input_hex).toBeNull();
      const first = bytesToHex(out.frames[0] ?? new Uint8Array());
      expect(first, r.input_hex).toBe(r.expected_frame_hex);
      return first;
    }
    expect(newFramer().push(hexToBytes(r.input_hex)).error, r.input_hex).toBeNull();
    const out = newFramer().push(hexToBytes(r.input_hex + followedBy));
    expect(out.error, r.input_hex).toBeNull();
    expect(out.frames.length, r.input_hex).toBeGreaterThan(0);
    return bytesToHex(out.frames[0] ?? new Uint8Array());
  });
}
