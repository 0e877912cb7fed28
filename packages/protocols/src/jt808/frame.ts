import { createStreamFramer, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/** Bytes a JT/T 808 connection may hold without completing a frame before it is refused. */
export const JT808_MAX_BUFFERED_BYTES = 8192;

const FLAG = 0x7e;
const ESCAPE = 0x7d;
const OPEN = 0x28; // "("
const CLOSE = 0x29; // ")"

export interface Jt808FramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for JT/T 808 (JT/T 808-2013/2019 §4.4.1 "identifier bit"): a message runs from one
 * 0x7E flag to the next, and inside it 0x7E travels as 0x7D 0x02 and 0x7D as 0x7D 0x01. The frames
 * it returns are un-escaped with both flags kept, the form the decoder takes. A Jimi text answer
 * `(…)` is framed from `(` to `)`. Bytes before a flag (and an empty 7E 7E pair) are skipped.
 */
export function createJt808Framer(options: Jt808FramerOptions = {}): Framer {
  const inner = createStreamFramer({
    max: options.maxBufferedBytes ?? JT808_MAX_BUFFERED_BYTES,
    nextFrame,
    skip: skipJunk,
  });
  return {
    push(chunk) {
      const out = inner.push(chunk);
      return { frames: out.frames.map((f) => (f[0] === FLAG ? unescapeJt808(f) : f)), error: out.error };
    },
    get bufferedBytes() {
      return inner.bufferedBytes;
    },
  };
}

/** Skips anything before a frame start, and the first flag of a 7E 7E pair (a stray end flag). */
function skipJunk(data: Uint8Array, from: number): number {
  let pos = from;
  for (;;) {
    const b = data[pos];
    if (b === undefined) return pos;
    if (b === OPEN) return pos;
    if (b === FLAG && data[pos + 1] !== FLAG) return pos;
    pos++;
  }
}

function nextFrame(data: Uint8Array, pos: number, { max }: { max: number }): FrameStep {
  const first = data[pos];
  if (first === undefined) return { kind: 'need' };
  const close = first === OPEN ? CLOSE : FLAG;
  const end = data.indexOf(close, pos + 1);
  if (end < 0) {
    return data.length - pos > max
      ? { kind: 'error', reason: `no closing ${close === FLAG ? '0x7e' : ')'} within ${max} bytes` }
      : { kind: 'need' };
  }
  return { kind: 'frame', start: pos, end: end + 1 };
}

/** Undoes the 0x7D escapes of one frame (JT/T 808 §4.4.1). A 0x7D before anything else is kept as is. */
export function unescapeJt808(frame: Uint8Array): Uint8Array {
  if (!frame.includes(ESCAPE)) return frame;
  const out: number[] = [];
  for (let i = 0; i < frame.length; i++) {
    const b = frame[i] ?? 0;
    const next = frame[i + 1];
    if (b === ESCAPE && (next === 0x01 || next === 0x02)) {
      out.push(next === 0x02 ? FLAG : ESCAPE);
      i++;
    } else out.push(b);
  }
  return Uint8Array.from(out);
}

/** Escapes everything between the two flags of an un-escaped frame, for the wire (JT/T 808 §4.4.1). */
export function escapeJt808(frame: Uint8Array): Uint8Array {
  const out: number[] = [frame[0] ?? FLAG];
  for (let i = 1; i < frame.length - 1; i++) {
    const b = frame[i] ?? 0;
    if (b === FLAG) out.push(ESCAPE, 0x02);
    else if (b === ESCAPE) out.push(ESCAPE, 0x01);
    else out.push(b);
  }
  out.push(frame[frame.length - 1] ?? FLAG);
  return Uint8Array.from(out);
}
