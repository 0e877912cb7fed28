import type { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { AttributeValue, NormalizedMessage } from '../message.ts';
import { readU64 } from './records.ts';

/** Codec 12/13 message types ("Codec 12", "Codec 13"). */
const TYPE_COMMAND = 0x05;
const TYPE_RESPONSE = 0x06;
/** Camera file transfer over codec 12 (DualCam); its layout is not in the codec document. */
const TYPE_CAMERA = 0x0d;
/** Codec 14: the device is not the one the command's IMEI names. */
const TYPE_NOT_THIS_IMEI = 0x11;
const IMEI_BYTES = 8;

/** A codec 12/13 message: a heartbeat carrying the text, or why it is not handled. */
export type CommandOutcome = { message: NormalizedMessage } | { unsupported: string };

/**
 * Codec 12 ("Codec 12"): quantity 1 … type, 4-byte size, that many bytes. A device sends
 * type 06, the response to a command the server sent; type 05 only travels server → device.
 * The caller reads quantity 2.
 */
export function readCodec12(r: ByteReader): CommandOutcome {
  const type = r.readU8('type');
  const size = r.readU32('response size');
  const body = r.readBytes(size, 'response');
  if (type === TYPE_RESPONSE) return { message: { kind: 'heartbeat', attributes: { type, ...readSerial(body) } } };
  return { unsupported: unsupportedType(type) };
}

/**
 * Codec 14 ("Codec 14"): like codec 12, but the size counts an 8-byte BCD IMEI that precedes
 * the text. Type 06 is the device's answer; type 11 says the command's IMEI is not this
 * device's. The caller reads quantity 2.
 */
export function readCodec14(r: ByteReader): CommandOutcome {
  const type = r.readU8('type');
  const size = r.readU32('response size');
  if (size < IMEI_BYTES) throw new DecodeError(`response size ${size} cannot hold the 8-byte IMEI`);
  const imei = bytesToHex(r.readBytes(IMEI_BYTES, 'IMEI')).replace(/^0+/, '');
  const body = r.readBytes(size - IMEI_BYTES, 'response');
  if (type === TYPE_RESPONSE) return { message: { kind: 'heartbeat', imei, attributes: readSerial(body) } };
  if (type === TYPE_NOT_THIS_IMEI) {
    return { message: { kind: 'heartbeat', imei, attributes: { result: 'command refused: IMEI does not match' } } };
  }
  return { unsupported: unsupportedType(type) };
}

/**
 * Codec 13 ("Codec 13"): like codec 12 but with a timestamp before the text, sent by the
 * device one way only. The document has said both that the timestamp is 8 bytes and that it
 * is 4 bytes of seconds, and devices differ on whether the size counts it; the captures hold
 * three layouts, told apart by the data field's length and the timestamp's plausibility.
 */
export function readCodec13(r: ByteReader): CommandOutcome {
  const type = r.readU8('type');
  const size = r.readU32('command size');
  if (type !== TYPE_COMMAND && type !== TYPE_RESPONSE) {
    r.readBytes(size, 'command');
    return { unsupported: unsupportedType(type) };
  }
  // Everything up to quantity 2: the timestamp and the text.
  const rest = r.remaining - 1;
  let timeMs: number;
  let textLength: number;
  if (rest === size + 4) {
    timeMs = r.readU32('timestamp') * 1000;
    textLength = size;
  } else if (size >= 8 && looksLikeMs(r.peekBytes(8, 0, 'timestamp'))) {
    timeMs = readU64(r, 'timestamp');
    textLength = size - 8;
  } else {
    timeMs = r.readU32('timestamp') * 1000;
    textLength = size - 4;
  }
  const text = textOf(r.readBytes(textLength, 'command'));
  // A tachograph card login ("GTSL|…|card|…"): the fifth field is the driver's card number.
  const card = text.startsWith('GTSL') ? text.split('|')[4] : undefined;
  const attributes: Record<string, AttributeValue> = card ? { driverUniqueId: card } : { result: text };
  return { message: { kind: 'heartbeat', deviceTimeMs: timeMs, attributes } };
}

/**
 * A codec 12 response's text. An axle-load scale on the serial port answers
 * "UUUUww" + 12 values separated by ";" + "SSS": axles 1–8, then truck load, trailer load,
 * truck total and trailer total (tonnes).
 */
function readSerial(body: Uint8Array): Record<string, AttributeValue> {
  const text = textOf(body).trim();
  const match = /^UUUUww(.*);SSS$/.exec(text);
  const values = match?.[1]?.split(';').map(Number) ?? [];
  if (values.length < 12 || values.some((v) => !Number.isFinite(v))) return { result: text };
  const out: Record<string, AttributeValue> = {};
  AXLE_KEYS.forEach((key, i) => (out[key] = values[i] ?? 0));
  return out;
}

const AXLE_KEYS = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `axle${n}`),
  'loadTruck',
  'loadTrailer',
  'totalTruck',
  'totalTrailer',
];

function unsupportedType(type: number): string {
  if (type === TYPE_COMMAND) return 'a command (type 05) travels server → device only';
  if (type === TYPE_CAMERA) return 'camera file transfer (type 0d) is not supported';
  return `message type 0x${type.toString(16).padStart(2, '0')} is not supported`;
}

/** The bytes as text when they are printable UTF-8 (line ends trimmed), else as hex. */
function textOf(body: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return text.replace(/[\r\n]+$/, '');
  } catch {
    // Not UTF-8: fall through to hex.
  }
  return bytesToHex(body);
}

/** An 8-byte ms timestamp between 2000 and 2100 (a 4-byte seconds value read as 8 bytes is not). */
function looksLikeMs(bytes: Uint8Array): boolean {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return v >= Date.UTC(2000, 0, 1) && v < Date.UTC(2100, 0, 1);
}
