import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/** Bytes a Suntech connection may hold without completing a frame before it is refused. */
export const SUNTECH_MAX_BUFFERED_BYTES = 4096;

const STX = 0x02;
const CR = 0x0d;
const LF = 0x0a;

export interface SuntechFramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for Suntech. Text reports end with CR (not part of the frame); a CR followed by LF
 * is inside a UEX report's serial data, not its end. Legacy zip reports (STX 0x02) run for their
 * u16 length plus STX, length and ETX; Universal binary reports (a header byte ≥ 0x80, then a u16
 * length whose high byte is 0) for their length plus header and length. CR LF between frames is
 * skipped; anything else where a frame should start fails the stream.
 */
export function createSuntechFramer(options: SuntechFramerOptions = {}): Framer {
  return createStreamFramer({
    max: options.maxBufferedBytes ?? SUNTECH_MAX_BUFFERED_BYTES,
    nextFrame,
    skip: (data, from) => {
      let pos = from;
      while (data[pos] === CR || data[pos] === LF) pos++;
      return pos;
    },
  });
}

function nextFrame(data: Uint8Array, pos: number, { max }: FrameContext): FrameStep {
  const first = data[pos];
  if (first === undefined) return { kind: 'need' };
  if (first === STX) return lengthFrame(data, pos, 4, max, 'zip');
  if (first >= 0x80) {
    if (data.length - pos < 2) return { kind: 'need' };
    if (data[pos + 1] !== 0x00) return garbage(data, pos);
    return lengthFrame(data, pos, 3, max, `binary 0x${first.toString(16)}`);
  }
  if (!isTextStart(first)) return garbage(data, pos);
  const end = textEnd(data, pos);
  if (end >= 0) return { kind: 'frame', start: pos, end };
  return data.length - pos > max
    ? { kind: 'error', reason: `no CR within ${max} bytes of a text report` }
    : { kind: 'need' };
}

/** A frame whose u16 length at offset 1 covers all but `extra` bytes of it. */
function lengthFrame(data: Uint8Array, pos: number, extra: number, max: number, what: string): FrameStep {
  if (data.length - pos < 3) return { kind: 'need' };
  const length = ((data[pos + 1] ?? 0) << 8) + (data[pos + 2] ?? 0) + extra;
  if (length < 8) return { kind: 'error', reason: `Suntech ${what} length ${length} is too short` };
  if (length > max) return { kind: 'error', reason: `Suntech ${what} length ${length} exceeds ${max}` };
  return data.length - pos < length ? { kind: 'need' } : { kind: 'frame', start: pos, end: pos + length };
}

/**
 * Index of the CR that ends the text report at `pos`, or -1. In a UEX report a CR followed by LF
 * belongs to the serial data, and a CR that is the last byte so far waits for the next byte (an LF
 * would continue the data); in every other report the first CR ends it.
 */
function textEnd(data: Uint8Array, pos: number): number {
  const uex = isUex(data, pos);
  for (let i = pos; i < data.length; i++) {
    if (data[i] !== CR) continue;
    if (!uex) return i;
    const next = data[i + 1];
    if (next === undefined) return -1;
    if (next !== LF) return i;
  }
  return -1;
}

function isUex(data: Uint8Array, pos: number): boolean {
  const head = String.fromCharCode(...data.subarray(pos, pos + 12));
  return /^[A-Z0-9]{0,6}UEX;/.test(head);
}

/** Upper-case letters start every report; `-` and `+` a device's bare command answer ("-Error"). */
function isTextStart(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || b === 0x2d || b === 0x2b;
}

function garbage(data: Uint8Array, pos: number): FrameStep {
  const head = Array.from(data.subarray(pos, pos + 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return { kind: 'error', reason: `not a Suntech frame: expected a text report or a binary header, got ${head}` };
}
