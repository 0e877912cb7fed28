import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/** Bytes a GPS103 connection may hold without completing a frame (a photo chunk is ~1 KB of hex). */
export const GPS103_MAX_BUFFERED_BYTES = 8192;

/** The longest digit run taken as a heartbeat: an IMEI is 15 digits, a few firmwares send 16–17. */
const MAX_HEARTBEAT_DIGITS = 20;

const SEMICOLON = 0x3b;
const STAR = 0x2a;
const CR = 0x0d;
const LF = 0x0a;
/** What a text report starts with: the login `##,imei:` or a report `imei:`. */
const HEADS = ['##,imei:', 'imei:'];

export interface Gps103FramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for Coban GPS103 / TK103 over TCP (GPS102/GPS103/GPS104 GPRS data protocol,
 * "GPRS command sent by tracker"). Three kinds of frame arrive:
 * - the login `##,imei:NNN,A;` and reports `imei:NNN,…;`, ending at `;` — or at `*` (the
 *   alternative report format) or a line break, for firmwares that send no `;`;
 * - the heartbeat: the bare IMEI, with no terminator at all, so it ends where the digits do —
 *   at the next frame's `imei:` (the captures show the two glued together), at a `;` or line
 *   break, or at the end of a chunk that holds nothing else (the device sends it alone).
 * CR LF (and a stray `;`) between frames is skipped. Anything else is garbage and fails the stream.
 */
export function createGps103Framer(options: Gps103FramerOptions = {}): Framer {
  return createStreamFramer({ max: options.maxBufferedBytes ?? GPS103_MAX_BUFFERED_BYTES, nextFrame, skip });
}

/** Line breaks between frames, and a `;` left over from a heartbeat cut at a chunk's end. */
function skip(data: Uint8Array, from: number): number {
  let pos = from;
  while (data[pos] === CR || data[pos] === LF || data[pos] === SEMICOLON) pos++;
  return pos;
}

const isDigit = (b: number | undefined): boolean => b !== undefined && b >= 0x30 && b <= 0x39;

function nextFrame(data: Uint8Array, pos: number, ctx: FrameContext): FrameStep {
  if (pos >= data.length) return { kind: 'need' };
  if (isDigit(data[pos])) return heartbeat(data, pos, ctx);
  const seen = String.fromCharCode(...data.subarray(pos, pos + 8));
  if (!HEADS.some((h) => h.startsWith(seen) || seen.startsWith(h))) return garbage(data, pos);
  for (let i = pos; i < data.length; i++) {
    const b = data[i];
    if (b === SEMICOLON || b === STAR) return { kind: 'frame', end: i + 1 };
    if (b === CR || b === LF) return { kind: 'frame', end: i };
  }
  if (data.length - pos > ctx.max) return { kind: 'error', reason: `no ; within ${ctx.max} bytes of a report` };
  return { kind: 'need' };
}

function heartbeat(data: Uint8Array, pos: number, { chunkStart }: FrameContext): FrameStep {
  let end = pos;
  while (isDigit(data[end])) end++;
  if (end - pos > MAX_HEARTBEAT_DIGITS) {
    return { kind: 'error', reason: `a run of more than ${MAX_HEARTBEAT_DIGITS} digits is not a heartbeat` };
  }
  if (end < data.length) return { kind: 'frame', end: data[end] === SEMICOLON ? end + 1 : end };
  // The digits reach the end of what has arrived: a whole heartbeat only if this chunk is just it.
  return skip(data, chunkStart) === pos && end - pos >= 15 ? { kind: 'frame', end } : { kind: 'need' };
}

function garbage(data: Uint8Array, pos: number): FrameStep {
  const head = Array.from(data.subarray(pos, pos + 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return { kind: 'error', reason: `not a GPS103 frame: expected imei:, ##, or an IMEI heartbeat, got ${head}` };
}
