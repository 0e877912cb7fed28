import { DecodeError } from '../codec/decode-error.ts';

/** The parts of one Meitrack frame around its parameters (Meitrack GPRS protocol, "command format"). */
export interface MeitrackEnvelope {
  /** The data identifier byte after `$$` (devices rotate it; it has no meaning for decoding). */
  flag: string;
  imei: string;
  /** Three-character command, e.g. AAA, CCE, D03. */
  command: string;
  /** Bytes between the comma after the command and the `*` before the checksum. */
  params: Uint8Array;
  checksum: { sent: number; computed: number };
  warnings: string[];
}

const STAR = 0x2a;
const COMMA = 0x2c;

/**
 * Opens `$$<flag><length>,<IMEI>,<command>,<params>*<checksum>\r\n`. The checksum is the sum of
 * every byte from `$$` through `*`, modulo 256, as two hex digits. Captured text reports often
 * come without the CR LF, so it is optional here (the framer insists on it in a stream). A length
 * field that disagrees with the frame is only a warning: the framer has already cut the stream.
 */
export function openEnvelope(frame: Uint8Array): MeitrackEnvelope {
  const n = frame.length;
  if (n < 12 || frame[0] !== 0x24 || frame[1] !== 0x24) throw new DecodeError('frame does not start with $$');
  const crlf = frame[n - 2] === 0x0d && frame[n - 1] === 0x0a;
  const end = crlf ? n - 2 : n;
  const star = end - 3;
  if (frame[star] !== STAR) throw new DecodeError('no *checksum before the end of the frame', star);
  const sent = parseInt(ascii(frame, star + 1, end), 16);
  if (!/^[0-9a-fA-F]{2}$/.test(ascii(frame, star + 1, end)))
    throw new DecodeError('checksum is not two hex digits', star + 1);
  let computed = 0;
  for (let i = 0; i <= star; i++) computed = (computed + (frame[i] ?? 0)) & 0xff;

  const firstComma = indexOf(frame, COMMA, 2, star);
  const lengthDigits = firstComma < 0 ? '' : ascii(frame, 3, firstComma);
  if (!/^\d{1,5}$/.test(lengthDigits)) throw new DecodeError('bad length field', 3);
  const imeiEnd = indexOf(frame, COMMA, firstComma + 1, star);
  const commandEnd = imeiEnd < 0 ? -1 : indexOf(frame, COMMA, imeiEnd + 1, star);
  const imei = imeiEnd < 0 ? '' : ascii(frame, firstComma + 1, imeiEnd);
  if (!/^\d{10,17}$/.test(imei)) throw new DecodeError(`bad IMEI ${JSON.stringify(imei.slice(0, 20))}`, firstComma + 1);
  const command = ascii(frame, imeiEnd + 1, commandEnd < 0 ? star : commandEnd);
  if (!/^[A-Z0-9]{3}$/.test(command)) throw new DecodeError(`bad command ${JSON.stringify(command.slice(0, 8))}`);

  const warnings: string[] = [];
  if (!crlf) warnings.push('frame has no CR LF terminator');
  const declared = Number(lengthDigits);
  const actual = n - firstComma + (crlf ? 0 : 2);
  if (declared !== actual) warnings.push(`length field says ${declared}, frame has ${actual}`);
  return {
    flag: String.fromCharCode(frame[2] ?? 0),
    imei,
    command,
    params: commandEnd < 0 ? new Uint8Array(0) : frame.subarray(commandEnd + 1, star),
    checksum: { sent, computed },
    warnings,
  };
}

/** The checksum as the device writes it: sum of bytes modulo 256, two upper-case hex digits. */
export function meitrackChecksum(bytes: Uint8Array): string {
  let sum = 0;
  for (const b of bytes) sum = (sum + b) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

function indexOf(bytes: Uint8Array, value: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (bytes[i] === value) return i;
  return -1;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
