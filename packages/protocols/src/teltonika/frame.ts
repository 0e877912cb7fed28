import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/**
 * Bytes a Teltonika connection may hold without completing a frame before it is refused. AVL
 * packets are at most 1280 bytes on most devices (Teltonika Data Sending Protocols, "Codec 8",
 * note on packet sizes), but codec 8 Extended variable-length IO and camera transfers are larger.
 */
export const TELTONIKA_MAX_BUFFERED_BYTES = 64 * 1024;

/** The longest IMEI handshake we accept: an IMEI is 15 digits, some firmwares pad to 16–17. */
const MAX_IMEI_LENGTH = 32;
/** The one-byte keep-alive an FMB device sends after its "network ping timeout". */
const PING = 0xff;

type Step = FrameStep;

export interface TeltonikaFramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for Teltonika over TCP (Teltonika Data Sending Protocols, "Communication with
 * server"). Three frames can arrive on one connection:
 * - the IMEI handshake: 2-byte length, then the IMEI in ASCII (first byte 00, second non-zero);
 * - an AVL or command packet: four zero bytes, a 4-byte data field length, the data field
 *   (codec id … number of data 2), then a 4-byte CRC: 12 + length bytes in all;
 * - the one-byte network ping FF.
 * Anything else is garbage and ends the stream.
 */
export function createTeltonikaFramer(options: TeltonikaFramerOptions = {}): Framer {
  return createStreamFramer({ max: options.maxBufferedBytes ?? TELTONIKA_MAX_BUFFERED_BYTES, nextFrame });
}

function nextFrame(data: Uint8Array, pos: number, { max }: FrameContext): Step {
  const avail = data.length - pos;
  if (avail === 0) return { kind: 'need' };
  const first = data[pos] ?? 0;
  if (first === PING) return { kind: 'frame', end: pos + 1 };
  if (first !== 0) return garbage(data, pos);
  if (avail < 2) return { kind: 'need' };
  const second = data[pos + 1] ?? 0;
  if (second !== 0) {
    if (second > MAX_IMEI_LENGTH) return { kind: 'error', reason: `IMEI handshake of ${second} bytes is too long` };
    return avail < 2 + second ? { kind: 'need' } : { kind: 'frame', end: pos + 2 + second };
  }
  for (let i = 2; i < Math.min(4, avail); i++) if (data[pos + i] !== 0) return garbage(data, pos);
  if (avail < 8) return { kind: 'need' };
  const declared =
    (data[pos + 4] ?? 0) * 0x1000000 +
    (((data[pos + 5] ?? 0) << 16) | ((data[pos + 6] ?? 0) << 8) | (data[pos + 7] ?? 0));
  const total = 12 + declared;
  if (total > max) return { kind: 'error', reason: `data field length ${declared} exceeds the ${max}-byte limit` };
  return avail < total ? { kind: 'need' } : { kind: 'frame', end: pos + total };
}

function garbage(data: Uint8Array, pos: number): Step {
  const head = Array.from(data.subarray(pos, pos + 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return { kind: 'error', reason: `not a Teltonika frame: expected an IMEI length, 00 00 00 00 or FF, got ${head}` };
}
