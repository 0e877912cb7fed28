import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/** Bytes a Meitrack connection may hold without completing a frame before it is refused. */
export const MEITRACK_MAX_BUFFERED_BYTES = 4096;

const DOLLAR = 0x24;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
/** `$$`, the data identifier and at most five length digits come before the first comma. */
const MAX_HEADER = 8;

type Step = FrameStep;

export interface MeitrackFramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for Meitrack (Meitrack GPRS protocol, "command format"): `$$`, one data
 * identifier byte, the decimal length, then `,IMEI,command,…*checksum\r\n`. The length counts
 * every byte from the first comma through the closing CR LF, so binary reports (CCE, CCC),
 * whose payload may hold CR LF or `*`, are cut by length alone; a frame whose declared end is
 * not CR LF is malformed.
 */
export function createMeitrackFramer(options: MeitrackFramerOptions = {}): Framer {
  return createStreamFramer({ max: options.maxBufferedBytes ?? MEITRACK_MAX_BUFFERED_BYTES, nextFrame });
}

function nextFrame(data: Uint8Array, pos: number, { max }: FrameContext): Step {
  const avail = data.length - pos;
  if (avail === 0) return { kind: 'need' };
  if (data[pos] !== DOLLAR || (avail > 1 && data[pos + 1] !== DOLLAR)) return garbage(data, pos);
  let comma = -1;
  for (let i = pos + 3; i < data.length && i <= pos + MAX_HEADER; i++) {
    if (data[i] === COMMA) {
      comma = i;
      break;
    }
  }
  if (comma < 0) {
    if (avail <= MAX_HEADER) return digitsSoFarOk(data, pos + 3) ? { kind: 'need' } : badLength(data, pos);
    return badLength(data, pos);
  }
  const digits = ascii(data.subarray(pos + 3, comma));
  if (!/^\d{1,5}$/.test(digits)) return badLength(data, pos);
  const total = comma - pos + Number(digits);
  if (total > max) return { kind: 'error', reason: `Meitrack frame of ${total} bytes exceeds ${max}` };
  if (avail < total) return { kind: 'need' };
  const end = pos + total;
  if (data[end - 2] !== CR || data[end - 1] !== LF) {
    return { kind: 'error', reason: `Meitrack length field says ${digits} but the frame does not end in CR LF there` };
  }
  return { kind: 'frame', end };
}

function digitsSoFarOk(data: Uint8Array, from: number): boolean {
  for (let i = from; i < data.length; i++) if ((data[i] ?? 0) < 0x30 || (data[i] ?? 0) > 0x39) return false;
  return true;
}

function badLength(data: Uint8Array, pos: number): Step {
  return {
    kind: 'error',
    reason: `not a Meitrack frame: bad length in ${JSON.stringify(ascii(data.subarray(pos, pos + 9)))}`,
  };
}

function garbage(data: Uint8Array, pos: number): Step {
  const head = Array.from(data.subarray(pos, pos + 2), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return { kind: 'error', reason: `not a Meitrack frame: expected 24 24 ("$$"), got ${head}` };
}

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}
