import type { Attributes } from './text-fields.ts';

/*
 * Binary +INF device information (Queclink @Track binary protocol, "+INF"; layout inferred from
 * the captured packet): tag, type, 2-byte mask, length, 8-byte unique id (IMEI digits or the
 * device name), device type, protocol version (2), firmware version (2), state fields, the SIM's
 * ICCID as 10 bytes of BCD (F-padded, starting 89: the telecom prefix), cells, then the common
 * trailer (send time, count, check). The fields between depend on the mask, so only the firmware
 * version and the ICCID, found by its shape, are read.
 */

const FIRMWARE_AT = 20;

export function infoAttributes(frame: Uint8Array): Attributes {
  const attributes: Attributes = {};
  const major = frame[FIRMWARE_AT];
  const minor = frame[FIRMWARE_AT + 1];
  if (major !== undefined && minor !== undefined) attributes.versionFw = `${hex(major)}.${hex(minor)}`;
  const iccid = findIccid(frame);
  if (iccid) attributes.iccid = iccid;
  return attributes;
}

/** Ten bytes of BCD starting "89" whose digits (up to an F pad) number 19 or 20. */
function findIccid(frame: Uint8Array): string | null {
  for (let at = FIRMWARE_AT + 2; at + 10 <= frame.length; at++) {
    if (frame[at] !== 0x89) continue;
    const digits = bcdDigits(frame.subarray(at, at + 10));
    if (digits && digits.length >= 19) return digits;
  }
  return null;
}

function bcdDigits(bytes: Uint8Array): string | null {
  const padded = Array.from(bytes, hex).join('');
  return /^\d{19,20}f*$/i.test(padded) ? padded.replace(/f+$/i, '') : null;
}

const hex = (b: number): string => b.toString(16).padStart(2, '0');
