import { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import { DecodeError } from '../codec/decode-error.ts';

/** Jimi/Concox "location report 2" and its blind-area variant: a one-byte serial, JT600 body. */
export const MSG_LOCATION_2 = 0x5501;
export const MSG_LOCATION_2_BLIND = 0x5502;

/**
 * The message header of JT/T 808-2013 §4.4.3 (Table 2) and JT/T 808-2019 §4.4.3 (Table 2):
 * message id, message body properties (Figure 2: body length in bits 0–9, encryption in bits
 * 10–12, subpackage in bit 13, the 2019 version flag in bit 14), the 2019 protocol version byte,
 * the terminal phone number (BCD[6] in 2013, BCD[10] in 2019), the serial number and, for a
 * subpackaged message, the package count and index.
 */
export interface Jt808Header {
  type: number;
  properties: number;
  bodyLength: number;
  encryption: number;
  /** Set for a 2019 header: the protocol version byte. */
  version: number | null;
  /** The terminal phone number bytes as received: replies echo them. */
  phoneBytes: Uint8Array;
  /** The device identifier: the phone number digits without leading zeros (see `deviceId`). */
  deviceId: string;
  serial: number;
  packageCount: number | null;
  packageIndex: number | null;
}

export interface Jt808Frame {
  header: Jt808Header;
  /** The body, up to the check code (JT/T 808 §4.4.2: flag, header, body, check code, flag). */
  body: ByteReader;
  warnings: string[];
}

/** Reads header, body and check code of an un-escaped frame (flags kept). Throws DecodeError. */
export function parseFrame(frame: Uint8Array): Jt808Frame {
  if (frame.length < 15) throw new DecodeError(`frame of ${frame.length} bytes is too short`);
  if (frame[0] !== 0x7e || frame[frame.length - 1] !== 0x7e) throw new DecodeError('frame is not delimited by 0x7e');
  const end = frame.length - 2;
  const r = new ByteReader(frame, 1, end);
  const type = r.readU16('message id');
  const properties = r.readU16('message body properties');
  const version = properties & 0x4000 ? r.readU8('protocol version') : null;
  const phoneBytes = r.readBytes(version === null ? 6 : 10, 'terminal phone number');
  const short = type === MSG_LOCATION_2 || type === MSG_LOCATION_2_BLIND;
  const serial = short ? r.readU8('serial number') : r.readU16('serial number');
  const split = (properties & 0x2000) !== 0 && !short;
  const packageCount = split ? r.readU16('package count') : null;
  const packageIndex = split ? r.readU16('package index') : null;
  const header: Jt808Header = {
    type,
    properties,
    bodyLength: properties & 0x3ff,
    encryption: (properties >> 10) & 0x7,
    version,
    phoneBytes,
    deviceId: deviceId(phoneBytes),
    serial,
    packageCount,
    packageIndex,
  };
  const warnings: string[] = [];
  const check = xorOf(frame, 1, end);
  if (check !== frame[end]) warnings.push(`check code ${hex2(frame[end] ?? 0)} differs from the XOR ${hex2(check)}`);
  if (header.encryption !== 0 && !short) warnings.push(`body marked encrypted (${header.encryption}); read as plain`);
  if (header.bodyLength !== r.remaining && !short) {
    warnings.push(`body length field says ${header.bodyLength} bytes, the body has ${r.remaining}`);
  }
  return { header, body: r, warnings };
}

/** The check code of JT/T 808 §4.4.2: XOR of every byte from the header to the end of the body. */
export function xorOf(bytes: Uint8Array, start: number, end: number): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= bytes[i] ?? 0;
  return x;
}

/**
 * The phone number digits without leading zeros ("0" when all are zero). Some Jimi/Concox
 * terminals put their IMEI there instead, as a 2-byte and a 4-byte binary number without the
 * Luhn check digit: a number that is not BCD is read that way and the check digit appended.
 */
export function deviceId(phone: Uint8Array): string {
  const hex = bytesToHex(phone);
  if (/^\d+$/.test(hex)) return hex.replace(/^0+(?=.)/, '');
  if (phone.length !== 6) return hex;
  const r = new ByteReader(phone);
  const imei = r.readU16() * 0x100000000 + r.readU32();
  return `${imei}${luhnDigit(String(imei))}`;
}

/** The Luhn check digit of `digits` (ISO/IEC 7812-1 annex B, as IMEIs use it). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    const v = i % 2 === 0 ? d * 2 : d;
    sum += v > 9 ? v - 9 : v;
  }
  return (10 - (sum % 10)) % 10;
}

function hex2(b: number): string {
  return `0x${b.toString(16).padStart(2, '0')}`;
}
