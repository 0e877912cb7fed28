import { DecodeError } from '../codec/decode-error.ts';
import { trimEndOf } from '../codec/text.ts';
import type { Decoded } from './fields.ts';

/*
 * The shape of a text report (H02 protocol §3, "feedback message structure"): `*XX,ID,TYPE,...#`,
 * where XX is the maker's two-letter code (HQ, TH, …), ID the device id and TYPE the report.
 * The handlers of each type live in text.ts and cells.ts.
 */

export interface TextFrame {
  /** The maker code, echoed in replies. */
  maker: string;
  /** The device id; '' when the report left it out. */
  id: string;
  /** Upper-cased report type ('V1', 'NBR', …). */
  type: string;
  fields: string[];
  /** Everything between `*` and `#`. */
  body: string;
}

export type TextHandler = (frame: TextFrame) => Decoded;

/** `*`, the first byte of a text report. */
export const TEXT_START = 0x2a;

/** Padding some firmwares send after the closing `#`. */
const TRAILING = '\r\n\0 ';

/** Splits a text frame into fields, checking the `*XX,ID,` header and the closing `#`. */
export function splitText(bytes: Uint8Array): TextFrame {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  text = trimEndOf(text, TRAILING);
  if (!text.startsWith('*') || !text.endsWith('#')) throw new DecodeError('a text report runs from * to #');
  const body = text.slice(1, -1);
  const fields = body.split(',');
  const [maker = '', id = '', type = ''] = fields;
  if (!/^[A-Za-z]{2}$/.test(maker)) throw new DecodeError(`invalid maker code "${maker.slice(0, 8)}"`);
  // An empty id is left to the session: a unit may drop it once the connection knows it.
  if (id !== '' && !/^\d{4,20}$/.test(id)) throw new DecodeError(`invalid device id "${id.slice(0, 24)}"`);
  return { maker: maker.toUpperCase(), id, type: type.trim().toUpperCase(), fields, body };
}
