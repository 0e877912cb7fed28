import { digitsToBcd } from '../codec/bcd.ts';
import { escapeJt808 } from './frame.ts';
import type { Jt808Header } from './header.ts';
import { xorOf } from './header.ts';

export const MSG_GENERAL_RESPONSE = 0x8001;
export const MSG_REGISTER_RESPONSE = 0x8100;
/** The Jimi answer to location report 2 (0x5501/0x5502): a one-byte serial, id and result. */
export const MSG_GENERAL_RESPONSE_2 = 0x4401;

/** Where a server message goes: the terminal's phone number bytes and the header version. */
export interface Jt808Address {
  phoneBytes: Uint8Array;
  /** The 2019 protocol version to answer with, or null for a 2013 header. */
  version: number | null;
}

/** Phone number digits as a 2013 header carries them (BCD[6]). */
export function addressOf(phone: string, version: number | null = null): Jt808Address {
  return { phoneBytes: digitsToBcd(phone, version === null ? 6 : 10), version };
}

/**
 * One complete, escaped message (JT/T 808-2013/2019 §4.4): flag, header (id, body properties with
 * the 2019 version bit, version, phone number, serial), body, XOR check code, flag.
 */
export function formatMessage(
  type: number,
  to: Jt808Address,
  serial: number,
  body: Uint8Array,
  shortSerial = false,
): Uint8Array {
  if (body.length > 0x3ff) throw new RangeError(`body of ${body.length} bytes needs subpackaging`);
  const props = body.length | (to.version === null ? 0 : 0x4000);
  const head = [type >> 8, type & 0xff, props >> 8, props & 0xff];
  if (to.version !== null) head.push(to.version);
  head.push(...to.phoneBytes);
  if (shortSerial) head.push(serial & 0xff);
  else head.push((serial >> 8) & 0xff, serial & 0xff);
  const frame = Uint8Array.from([0x7e, ...head, ...body, 0, 0x7e]);
  frame[frame.length - 2] = xorOf(frame, 1, frame.length - 2);
  return escapeJt808(frame);
}

const u16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff];

/** Platform general response 0x8001 (JT/T 808-2013 §8.2): answer serial, answer id, result (0 = success). */
export function generalResponse(h: Jt808Header, platformSerial: number, result = 0): Uint8Array {
  const body = Uint8Array.from([...u16(h.serial), ...u16(h.type), result]);
  return formatMessage(MSG_GENERAL_RESPONSE, h, platformSerial, body);
}

/**
 * Terminal registration response 0x8100 (JT/T 808-2013 §8.5): answer serial, result 0 (success)
 * and the authentication code the terminal then sends in 0x0102 — here its own identifier.
 */
export function registerResponse(h: Jt808Header, platformSerial: number): Uint8Array {
  const code = Array.from(h.deviceId, (c) => c.charCodeAt(0));
  return formatMessage(MSG_REGISTER_RESPONSE, h, platformSerial, Uint8Array.from([...u16(h.serial), 0, ...code]));
}

/** The Jimi 0x4401 answer to a 0x5501/0x5502 report that asks for one (body property bit 15). */
export function generalResponse2(h: Jt808Header, platformSerial: number): Uint8Array {
  return formatMessage(MSG_GENERAL_RESPONSE_2, h, platformSerial, Uint8Array.from([...u16(h.type), 0]), true);
}
