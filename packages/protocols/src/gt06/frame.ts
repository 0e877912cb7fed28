import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/** Bytes a GT06 connection may hold without completing a frame before it is refused. */
export const GT06_MAX_BUFFERED_BYTES = 4096;

const SHORT_START = 0x78; // 0x7878: 1-byte length (GT06 protocol §4.1–4.2)
const LONG_START = 0x79; // 0x7979: 2-byte length, used by the larger Concox packets
const CR = 0x0d;
const LF = 0x0a;

type Step = FrameStep;

export interface Gt06FramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for GT06/Concox (GT06 protocol §4: start bits, length, …, stop bits 0D 0A).
 * A frame normally ends where its length field says. Some firmwares put something else in
 * the length byte (a Wi-Fi count, a length without the serial/CRC); when the declared end is
 * not 0D 0A we take the first 0D 0A instead. While the buffer is shorter than the declared
 * length we wait, so a 0D 0A inside the payload cannot cut a frame short however the stream
 * is split.
 */
export function createGt06Framer(options: Gt06FramerOptions = {}): Framer {
  return createStreamFramer({ max: options.maxBufferedBytes ?? GT06_MAX_BUFFERED_BYTES, nextFrame });
}

function nextFrame(data: Uint8Array, pos: number, { max }: FrameContext): Step {
  const avail = data.length - pos;
  if (avail === 0) return { kind: 'need' };
  const start = data[pos] ?? 0;
  if (start !== SHORT_START && start !== LONG_START) return garbage(data, pos);
  if (avail < 2) return { kind: 'need' };
  if (data[pos + 1] !== start) return garbage(data, pos);
  const headerLength = start === LONG_START ? 4 : 3;
  if (avail < headerLength) return { kind: 'need' };
  const declared = start === LONG_START ? ((data[pos + 2] ?? 0) << 8) | (data[pos + 3] ?? 0) : (data[pos + 2] ?? 0);
  // header + (protocol number … error check) + stop bits
  const total = headerLength + declared + 2;
  if (total <= max && avail < total) return { kind: 'need' };
  if (total <= max && isStop(data, pos + total - 2)) return { kind: 'frame', end: pos + total };
  const stop = findStop(data, pos + headerLength + 1);
  return stop < 0 ? { kind: 'need' } : { kind: 'frame', end: stop + 2 };
}

function isStop(data: Uint8Array, at: number): boolean {
  return data[at] === CR && data[at + 1] === LF;
}

function findStop(data: Uint8Array, from: number): number {
  for (let i = from; i + 1 < data.length; i++) if (isStop(data, i)) return i;
  return -1;
}

function garbage(data: Uint8Array, pos: number): Step {
  const head = Array.from(data.subarray(pos, pos + 2), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return { kind: 'error', reason: `not a GT06 frame: expected 78 78 or 79 79, got ${head}` };
}
