import { DecodeError } from '../codec/decode-error.ts';
import type { AttributeValue, NormalizedMessage } from '../message.ts';

export type Attributes = Record<string, AttributeValue>;

/** yyyymmddhhmmss, UTC (the protocol's GPS UTC time and send time fields). */
export function parseTime14(text: string): number {
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(text);
  if (!m) throw new DecodeError(`bad time ${JSON.stringify(text)}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59)
    throw new DecodeError(`invalid time ${text}`);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** A decimal field, or undefined when it is empty or not a number. */
export function num(text: string | undefined): number | undefined {
  return text !== undefined && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

const COORDINATE = /^-?\d{1,3}\.\d{4,}$/;
const TIME14 = /^\d{14}$/;

/**
 * Where the GPS blocks are. Every location report carries one or more blocks of
 * `<GPS accuracy>,<speed>,<azimuth>,<altitude>,<longitude>,<latitude>,<GPS UTC time>,<MCC>,<MNC>,<LAC>,<cell id>,<reserved>`
 * (Queclink @Track protocol, the position fields of +RESP:GTFRI and the other location reports).
 * The fields before and after them differ by report, model and protocol version, so the blocks
 * are found by their own shape — longitude and latitude with decimals followed by a 14-digit
 * time — and everything else is read relative to them. Returns the indices of the longitudes.
 */
export function findBlocks(body: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 2 < body.length; i++) {
    const lon = body[i] ?? '';
    const lat = body[i + 1] ?? '';
    if (!COORDINATE.test(lon) || !COORDINATE.test(lat) || !TIME14.test(body[i + 2] ?? '')) continue;
    if (Math.abs(Number(lon)) <= 180 && Math.abs(Number(lat)) <= 90) out.push(i);
  }
  return out;
}

export interface Block {
  message: NormalizedMessage;
  /** Index in the body of the first field after the block (after its cell and append fields). */
  next: number;
}

/**
 * Reads the block whose longitude is at `lon`. GPS accuracy is the HDOP; 0 means the device has no
 * current fix (the position is the last known one), so the fix is valid only when it is above 0.
 * After the cell comes a reserved field that newer protocol versions use as a "position append
 * mask": bit 0 adds the number of satellites, bit 1 one more field.
 */
export function readBlock(body: readonly string[], lon: number): Block {
  const hdop = num(body[lon - 4]);
  const message: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs: parseTime14(body[lon + 2] ?? ''),
    valid: hdop !== undefined && hdop > 0,
    latitude: Number(body[lon + 1]),
    longitude: Number(body[lon]),
    attributes: {},
  };
  if (hdop !== undefined) message.attributes.hdop = hdop;
  const speed = num(body[lon - 3]);
  const course = num(body[lon - 2]);
  const altitude = num(body[lon - 1]);
  if (speed !== undefined) message.speedKmh = speed;
  if (course !== undefined) message.course = course;
  if (altitude !== undefined) message.altitude = altitude;
  let next = lon + 3;
  const cell = readCell(body, next);
  if (cell) {
    Object.assign(message.attributes, cell.attributes);
    next += 4;
  }
  const reserved = body[next];
  if (reserved === '' || (reserved !== undefined && /^0[0-3]$/.test(reserved))) {
    next++;
    const mask = reserved === '' ? 0 : Number(reserved);
    if (mask & 0x01) {
      const satellites = num(body[next]);
      if (satellites !== undefined && Number.isInteger(satellites) && satellites >= 0) message.satellites = satellites;
      next++;
    }
    if (mask & 0x02) next++;
  }
  return { message, next };
}

/**
 * MCC and MNC (decimal digits, zero padded), LAC and cell id (hex). Four empty fields (no network)
 * are skipped without attributes; anything else there is not a cell and is left alone.
 */
function readCell(body: readonly string[], at: number): { attributes: Attributes } | null {
  const [mcc = '-', mnc = '-', lac = '-', cellId = '-'] = body.slice(at, at + 4);
  if (mcc === '' && mnc === '' && lac === '' && cellId === '') return { attributes: {} };
  if (!/^\d{1,4}$/.test(mcc) || !/^\d{1,4}$/.test(mnc)) return null;
  if (!/^[0-9A-Fa-f]{1,8}$/.test(lac) || !/^[0-9A-Fa-f]{1,8}$/.test(cellId)) return null;
  if (Number(mcc) === 0) return { attributes: {} };
  return { attributes: { mcc: Number(mcc), mnc: Number(mnc), lac: parseInt(lac, 16), cellId: parseInt(cellId, 16) } };
}

/**
 * Device status, six hex digits (Queclink GV-series reports): motion state (high digit 1 =
 * ignition off, 2 = ignition on; 4 = no ignition sensing), digital inputs (bit 0 is the ignition
 * input, bits 1–3 inputs 1–3) and digital outputs (bits 0–2 outputs 1–3).
 */
export function deviceStatusAttributes(status: string): Attributes {
  const out: Attributes = {};
  const motion = status.slice(0, 1);
  if (motion === '1' || motion === '2') out.ignition = motion === '2';
  const inputs = parseInt(status.slice(2, 4), 16);
  const outputs = parseInt(status.slice(4, 6), 16);
  for (let i = 1; i <= 3; i++) out[`in${i}`] = (inputs & (1 << i)) !== 0;
  for (let i = 1; i <= 3; i++) out[`out${i}`] = (outputs & (1 << (i - 1))) !== 0;
  return out;
}

/** Hour meter "HHHHH:MM:SS" → milliseconds. */
export function hourMeterMs(text: string | undefined): number | undefined {
  const m = /^(\d+):(\d\d):(\d\d)$/.exec(text ?? '');
  if (!m) return undefined;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}
