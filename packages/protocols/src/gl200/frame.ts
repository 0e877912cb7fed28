import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/** Bytes a Queclink connection may hold without completing a frame before it is refused. */
export const GL200_MAX_BUFFERED_BYTES = 8192;

const PLUS = 0x2b;
const DOLLAR = 0x24;
const COLON = 0x3a;

/** Text report prefixes (Queclink @Track protocol, "message format"): `+RESP:`, `+BUFF:`, `+ACK:`, `+SACK:`. */
const TEXT_TAGS = ['RESP', 'BUFF', 'ACK', 'SACK'];

/**
 * Binary report headers and where their length field sits (Queclink @Track binary protocol, message
 * header; offsets inferred from the captures): after the 4-byte tag come the message type and a report
 * mask of 4 bytes (RSP, BSP, EVT, BVT), 2 bytes (INF, BNF) or 1 byte (ACK, LGN); ACK has a 1-byte
 * length, the others 2 bytes. The length covers the whole frame.
 */
const BINARY_LENGTH: ReadonlyMap<string, { at: number; size: 1 | 2 }> = new Map([
  ['RSP', { at: 9, size: 2 }],
  ['BSP', { at: 9, size: 2 }],
  ['EVT', { at: 9, size: 2 }],
  ['BVT', { at: 9, size: 2 }],
  ['INF', { at: 7, size: 2 }],
  ['BNF', { at: 7, size: 2 }],
  ['LGN', { at: 6, size: 2 }],
  ['ACK', { at: 6, size: 1 }],
]);

type Step = FrameStep;

export interface Gl200FramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for the Queclink GL200 family. Text reports run from `+` to the `$` that ends them
 * (or a CR LF); binary reports carry their length in the header. CR LF between frames is skipped. Anything
 * else where a frame should start is garbage and fails the stream.
 */
export function createGl200Framer(options: Gl200FramerOptions = {}): Framer {
  return createStreamFramer({
    max: options.maxBufferedBytes ?? GL200_MAX_BUFFERED_BYTES,
    nextFrame,
    skip: skipLineBreaks,
  });
}

/** CR LF between reports is allowed. */
function skipLineBreaks(data: Uint8Array, from: number): number {
  let pos = from;
  while (data[pos] === 0x0d || data[pos] === 0x0a) pos++;
  return pos;
}

function nextFrame(data: Uint8Array, pos: number, { max }: FrameContext): Step {
  const avail = data.length - pos;
  if (avail === 0) return { kind: 'need' };
  if (data[pos] !== PLUS) return garbage(data, pos);
  if (data[pos + 1] === 0x00) return recordFrame(data, pos, max);
  if (avail < 6) return isTagPrefix(data, pos) ? { kind: 'need' } : garbage(data, pos);
  const tag4 = ascii(data, pos + 1, pos + 5);
  const tag3 = tag4.slice(0, 3);
  const isText =
    (TEXT_TAGS.includes(tag4) && data[pos + 5] === COLON) || (TEXT_TAGS.includes(tag3) && data[pos + 4] === COLON);
  if (isText) {
    const end = textEnd(data, pos);
    if (end >= 0) return { kind: 'frame', start: pos, end };
    return avail > max ? { kind: 'error', reason: `no $ within ${max} bytes of a text report` } : { kind: 'need' };
  }
  const field = BINARY_LENGTH.get(tag3);
  if (!field) return garbage(data, pos);
  if (avail < field.at + field.size) return { kind: 'need' };
  const length =
    field.size === 1
      ? (data[pos + field.at] ?? 0)
      : ((data[pos + field.at] ?? 0) << 8) | (data[pos + field.at + 1] ?? 0);
  if (length < field.at + field.size + 4)
    return { kind: 'error', reason: `binary +${tag3} length ${length} is too short` };
  if (length > max) return { kind: 'error', reason: `binary +${tag3} length ${length} exceeds ${max}` };
  return avail < length ? { kind: 'need' } : { kind: 'frame', start: pos, end: pos + length };
}

/**
 * The record-based binary frame (`+` then a zero identifier byte, see binary-records.ts): its
 * u16 length at offset 2 covers the whole frame.
 */
function recordFrame(data: Uint8Array, pos: number, max: number): Step {
  if (data.length - pos < 4) return { kind: 'need' };
  const length = ((data[pos + 2] ?? 0) << 8) | (data[pos + 3] ?? 0);
  if (length < 24) return { kind: 'error', reason: `binary record frame length ${length} is too short` };
  if (length > max) return { kind: 'error', reason: `binary record frame length ${length} exceeds ${max}` };
  return data.length - pos < length ? { kind: 'need' } : { kind: 'frame', start: pos, end: pos + length };
}

/**
 * End of a text report: just after its `$`, or — for firmwares that end a report with CR LF
 * instead — at the CR or LF (text reports never contain either). -1 while neither has arrived.
 */
function textEnd(data: Uint8Array, pos: number): number {
  for (let i = pos; i < data.length; i++) {
    const b = data[i];
    if (b === DOLLAR) return i + 1;
    if (b === 0x0d || b === 0x0a) return i;
  }
  return -1;
}

/** True while the bytes so far could still become a known text or binary tag. */
function isTagPrefix(data: Uint8Array, pos: number): boolean {
  const seen = ascii(data, pos + 1, data.length);
  const known = [...TEXT_TAGS.map((t) => `${t}:`), ...BINARY_LENGTH.keys()];
  return known.some((t) => t.startsWith(seen) || seen.startsWith(t));
}

function garbage(data: Uint8Array, pos: number): Step {
  const head = Array.from(data.subarray(pos, pos + 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return {
    kind: 'error',
    reason: `not a Queclink frame: expected a +RESP:/+BUFF:/+ACK: report or a binary header, got ${head}`,
  };
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
