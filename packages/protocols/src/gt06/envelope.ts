import { ByteReader } from '../codec/byte-reader.ts';
import { crc16X25 } from '../codec/crc16-x25.ts';
import { DecodeError } from '../codec/decode-error.ts';

/** Wi-Fi report types whose "length" byte is really the number of access points. */
const WIFI_COUNT_TYPES = new Set([0x17, 0x69]);
/** The early GPS-only packet, sent by some firmwares with neither serial number nor CRC. */
const LEGACY_GPS_TYPE = 0x10;

/** The parts of one GT06 frame around its information content (GT06 protocol §4). */
export interface Gt06Envelope {
  long: boolean;
  type: number;
  /** The frame's length field as sent (a Wi-Fi count for some packets, see frame.ts). */
  declaredLength: number;
  /** Reader over the information content only. */
  body: ByteReader;
  /** Information serial number, null when the frame carries none. */
  serial: number | null;
  /** CRC as sent and as computed, null when the frame carries none. */
  crc: { sent: number; computed: number } | null;
  warnings: string[];
}

/**
 * Splits a frame into type, content, serial and CRC. The CRC-ITU covers the length field
 * through the serial number (GT06 protocol §4.6). Where the length field disagrees with
 * the frame, the frame's real size wins: the serial and CRC are the last four bytes before
 * 0D 0A, except for the two known layouts that have none.
 */
export function openEnvelope(frame: Uint8Array): Gt06Envelope {
  const n = frame.length;
  const long = frame[0] === 0x79;
  const headerLength = long ? 4 : 3;
  if (n < headerLength + 3) throw new DecodeError(`frame too short (${n} bytes)`);
  if (frame[0] !== frame[1] || (frame[0] !== 0x78 && frame[0] !== 0x79)) throw new DecodeError('bad start bits');
  if (frame[n - 2] !== 0x0d || frame[n - 1] !== 0x0a) throw new DecodeError('bad stop bits');
  const declaredLength = long ? ((frame[2] ?? 0) << 8) | (frame[3] ?? 0) : (frame[2] ?? 0);
  const type = frame[headerLength] ?? 0;
  const bodyStart = headerLength + 1;
  const lengthMatches = n === headerLength + declaredLength + 2;
  const warnings: string[] = [];

  if (
    !lengthMatches &&
    !long &&
    (WIFI_COUNT_TYPES.has(type) || (type === LEGACY_GPS_TYPE && n === declaredLength + 6))
  ) {
    warnings.push('frame carries no serial number or CRC');
    return {
      long,
      type,
      declaredLength,
      body: new ByteReader(frame, bodyStart, n - 2),
      serial: null,
      crc: null,
      warnings,
    };
  }
  if (n < bodyStart + 6) throw new DecodeError(`frame too short for serial and CRC (${n} bytes)`);
  if (!lengthMatches) warnings.push(`length field says ${declaredLength}, frame has ${n - headerLength - 2}`);
  const serial = ((frame[n - 6] ?? 0) << 8) | (frame[n - 5] ?? 0);
  const sent = ((frame[n - 4] ?? 0) << 8) | (frame[n - 3] ?? 0);
  const computed = crc16X25(frame, 2, n - 4);
  return {
    long,
    type,
    declaredLength,
    body: new ByteReader(frame, bodyStart, n - 6),
    serial,
    crc: { sent, computed },
    warnings,
  };
}
