import { DecodeError } from '../codec/decode-error.ts';
import { trimEndOf } from '../codec/text.ts';
import { parseTime14 } from './text-fields.ts';

/**
 * One text report (Queclink @Track protocol, "message format"):
 * `+RESP:GTxxx,<protocol version>,<unique id>,<device name>,…,<send time>,<count number>$`.
 * The protocol version is six hex digits (device type, major, minor) or ten on the newer
 * models (three-byte device type); a few early firmwares leave it out.
 */
export interface TextReport {
  /** RESP (live), BUFF (sent from the device's buffer), ACK (command acknowledgement), SACK. */
  prefix: 'RESP' | 'BUFF' | 'ACK' | 'SACK';
  /** Report name without "GT", e.g. FRI. */
  type: string;
  version: string | null;
  /** The device-type part of the version ("1A" for GL300, "802005" on ten-digit versions). */
  deviceType: string | null;
  imei: string;
  /** Vehicle identification number, for the models that put one after the unique id (GV500). */
  vin: string | null;
  /** Fields after the unique id (and VIN), starting with the device name, without send time and count. */
  body: string[];
  sendTimeMs: number | null;
  /** The count number, four hex digits, echoed in acknowledgements. */
  count: string | null;
}

const HEAD = /^\+(RESP|BUFF|ACK|SACK):GT([A-Z0-9]{3})$/;
const VERSION = /^(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{10})$/;
/** IMEI (15 digits) or, on CDMA models, a MEID (14 hex digits). */
const UNIQUE_ID = /^(?:\d{15}|[0-9A-Fa-f]{14})$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function openTextReport(text: string): TextReport {
  // What `\s` matches in a text of bytes, and the closing `$`.
  const fields = trimEndOf(text, '\t\n\v\f\r \u00a0$').split(',');
  const head = HEAD.exec(fields[0] ?? '');
  if (!head) throw new DecodeError(`not a Queclink text report: ${JSON.stringify((fields[0] ?? '').slice(0, 16))}`);
  const prefix = head[1] as TextReport['prefix'];
  const type = head[2] ?? '';
  const hasVersion = VERSION.test(fields[1] ?? '');
  const version = hasVersion ? (fields[1] ?? null) : null;
  const imei = fields[hasVersion ? 2 : 1] ?? '';
  if (!UNIQUE_ID.test(imei)) throw new DecodeError(`GT${type}: bad unique id ${JSON.stringify(imei.slice(0, 20))}`);
  let body = fields.slice(hasVersion ? 3 : 2);
  let vin: string | null = null;
  if (VIN.test(body[0] ?? '')) {
    vin = body[0] ?? null;
    body = body.slice(1);
  }
  let count: string | null = null;
  if (body.length > 1 && /^[0-9A-Fa-f]{4}$/.test(body[body.length - 1] ?? '')) count = body.pop() ?? null;
  const last = body[body.length - 1] ?? '';
  const sendTimeMs = count !== null && /^\d{14}$/.test(last) ? parseTime14(last) : null;
  if (sendTimeMs !== null) body.pop();
  const deviceType = version === null ? null : version.slice(0, version.length === 10 ? 6 : 2).toUpperCase();
  return { prefix, type, version, deviceType, imei, vin, body, sendTimeMs, count };
}
