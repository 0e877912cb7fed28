import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';
import { BINARY_START, BINARY_START_X } from './binary.ts';
import { TEXT_START } from './text-frame.ts';

/** The longest text report a connection may send before it is refused. */
export const H02_MAX_FRAME_BYTES = 2048;

/**
 * Binary report lengths, tried in this order. 32 and 45 are the two layouts in the binary
 * data format; 42 (a 15-digit id), 46 and 48 were seen in captures from three firmwares.
 */
export const H02_BINARY_LENGTHS: readonly number[] = [32, 42, 45, 46, 48];

const TEXT_END = 0x23; // '#'
const CR = 0x0d;
const LF = 0x0a;

type Step = FrameStep;

export interface H02FramerOptions {
  maxFrameBytes?: number;
}

const isStart = (b: number | undefined) => b === TEXT_START || b === BINARY_START || b === BINARY_START_X;

/**
 * Stream framer for H02 over TCP (H02 protocol §3 and the binary data format). A text
 * report runs from `*` to the first `#`; line breaks between reports are skipped. A binary
 * report (`$` or `X`) has no length field or end mark, so its length is found by looking at
 * the byte after each known length: the next report must start there. When a pushed chunk
 * is exactly one binary report of a known length (a tracker sends one report per TCP
 * segment) it is taken as it is; otherwise the framer waits for the next report's first
 * byte. Anything else is garbage and fails the stream. (A long report whose byte 32 happened
 * to be `*`, `$` or `X` would be cut there; none of the captured ones is.)
 *
 * UDP needs no framer: each datagram is one report.
 */
export function createH02Framer(options: H02FramerOptions = {}): Framer {
  return createStreamFramer({ max: options.maxFrameBytes ?? H02_MAX_FRAME_BYTES, nextFrame, skip: skipBreaks });
}

function skipBreaks(data: Uint8Array, from: number): number {
  let i = from;
  while (data[i] === CR || data[i] === LF) i++;
  return i;
}

/** `chunkIsFrame`: the report starts where this push's chunk started (line breaks aside). */
function nextFrame(data: Uint8Array, pos: number, { max, chunkStart }: FrameContext): Step {
  // A chunk that holds exactly one report (what a device usually sends) is taken as it is.
  const chunkIsFrame = pos >= chunkStart && skipBreaks(data, chunkStart) === pos;
  const avail = data.length - pos;
  if (avail === 0) return { kind: 'need' };
  const start = data[pos];
  if (start === TEXT_START) {
    const end = data.indexOf(TEXT_END, pos + 1);
    if (end >= 0 && end - pos < max) return { kind: 'frame', end: end + 1 };
    return avail >= max ? error(`no # within ${max} bytes of a text report`) : { kind: 'need' };
  }
  if (start === BINARY_START || start === BINARY_START_X) return binaryFrame(data, pos, chunkIsFrame);
  const head = Array.from(data.subarray(pos, pos + 2), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return error(`not an H02 frame: expected * or $, got ${head}`);
}

function binaryFrame(data: Uint8Array, pos: number, chunkIsFrame: boolean): Step {
  const avail = data.length - pos;
  for (const length of H02_BINARY_LENGTHS) {
    if (avail < length) return { kind: 'need' };
    if (avail === length) return chunkIsFrame ? { kind: 'frame', end: pos + length } : { kind: 'need' };
    if (isStart(data[pos + length])) return { kind: 'frame', end: pos + length };
  }
  return error(`binary report of unknown length: no report starts after ${H02_BINARY_LENGTHS.join(', ')} bytes`);
}

function error(reason: string): Step {
  return { kind: 'error', reason };
}
