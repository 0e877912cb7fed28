import { createStreamFramer, type FrameContext, type FrameStep } from '../codec/stream-framer.ts';
import type { Framer } from '../message.ts';

/**
 * Bytes a Ruptela connection may hold without completing a packet. Devices send at most about
 * 1 KB a packet (a full buffer of records, a camera file chunk: 1 024 bytes in the captures).
 */
export const RUPTELA_MAX_BUFFERED_BYTES = 4096;

/** The smallest payload: an 8-byte IMEI and a command id. */
const MIN_PAYLOAD = 9;

export interface RuptelaFramerOptions {
  maxBufferedBytes?: number;
}

/**
 * Stream framer for Ruptela over TCP (Ruptela protocol, "Packet structure"): a 2-byte big-endian
 * payload length, the payload (IMEI, command id, data), then a 2-byte CRC — length + 4 bytes in
 * all. The CRC is checked by the decoder, not here. A length too short for an IMEI and a command
 * or too long for the bound fails the stream.
 */
export function createRuptelaFramer(options: RuptelaFramerOptions = {}): Framer {
  return createStreamFramer({ max: options.maxBufferedBytes ?? RUPTELA_MAX_BUFFERED_BYTES, nextFrame });
}

function nextFrame(data: Uint8Array, pos: number, { max }: FrameContext): FrameStep {
  if (data.length - pos < 2) return { kind: 'need' };
  const length = ((data[pos] ?? 0) << 8) | (data[pos + 1] ?? 0);
  if (length < MIN_PAYLOAD) return { kind: 'error', reason: `Ruptela payload length ${length} is too short` };
  if (length + 4 > max)
    return { kind: 'error', reason: `Ruptela payload length ${length} exceeds the ${max}-byte bound` };
  const end = pos + length + 4;
  return data.length < end ? { kind: 'need' } : { kind: 'frame', end };
}
