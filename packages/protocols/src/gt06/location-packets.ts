import { isBcd } from '../codec/bcd.ts';
import type { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import { cellAttributes, positionMessage, readCell, readDateTime, readGps, type Attributes } from './fields.ts';
import { UnknownLayout, type Gt06Handler } from './handler.ts';
import { terminalInfoAttributes } from './status.ts';

/** ACC, data upload mode and real-time/re-upload bytes after the cell (GT06N positioning packet). */
function readUploadFlags(r: ByteReader, attributes: Attributes): boolean | undefined {
  if (r.remaining < 3) return undefined;
  attributes.ignition = r.readU8('ACC') === 1;
  r.skip(1, 'data upload mode');
  return r.readU8('GPS real-time re-upload') === 1;
}

/** 0x10 (GPS only) and 0x11: date-time and GPS block (GT03 protocol §5.2); anything after is ignored. */
export const decodeGpsOnly: Gt06Handler = (r) => {
  const time = readDateTime(r);
  return { messages: [positionMessage(time, readGps(r))], ack: true };
};

/**
 * 0x12 GPS + LBS (GT06 protocol §5.2): date-time, GPS block, serving cell. One firmware
 * family appends 12 bytes — terminal information, external volts ×100, GSM level, two
 * unidentified bytes, temperature, four unidentified bytes (layout inferred from captures).
 */
export const decodeGpsLbs: Gt06Handler = (r, ctx) => {
  // QH302R firmware puts its IMEI (8 BCD) first (seen in captures).
  if (ctx.variant === 'QH302R') r.skip(8, 'IMEI');
  const time = readDateTime(r);
  const fix = readGps(r);
  const attributes: Attributes = {};
  if (r.remaining >= 8) readCell(r);
  if (r.remaining === 12) {
    Object.assign(attributes, terminalInfoAttributes(r.readU8('terminal information')));
    attributes.power = r.readU16('power') / 100;
    attributes.gsm = r.readU8('GSM signal strength');
    r.skip(2);
    attributes.temp1 = r.readI16('temperature');
  }
  return { messages: [positionMessage(time, fix, attributes)], ack: true };
};

/**
 * 0x22 positioning packet (GT06N protocol, location data): date-time, GPS block, serving cell,
 * ACC, upload mode, real-time/re-upload. Some models (XT40, NT20) send a longer form that
 * starts with a flag byte and the IMEI; see `decodeGps22WithImei`.
 */
export const decodeGps22: Gt06Handler = (r, ctx) => {
  if (r.remaining >= 50 && r.peekU8() === 0x01 && isBcd(r.peekBytes(8, 1))) return decodeGps22WithImei(r, ctx);
  const time = readDateTime(r);
  const fix = readGps(r);
  const attributes: Attributes = {};
  readCell(r);
  const memory = readUploadFlags(r, attributes);
  const message = positionMessage(time, fix, attributes);
  if (memory !== undefined) message.memory = memory;
  return { messages: [message], ack: true };
};

/**
 * Long 0x22 form (layout inferred from captures): flag, IMEI (8 BCD), device time, GPS time,
 * GPS block, length-prefixed cell, terminal information, external volts ×100, then fields
 * not yet identified.
 */
const decodeGps22WithImei: Gt06Handler = (r) => {
  r.skip(9, 'flag and IMEI');
  readDateTime(r);
  const time = readDateTime(r);
  const fix = readGps(r);
  r.skip(1, 'LBS length');
  readCell(r);
  const attributes = terminalInfoAttributes(r.readU8('terminal information'));
  attributes.power = r.readU16('power') / 100;
  return { messages: [positionMessage(time, fix, attributes)], ack: true };
};

/** 0x1E GPS + serving and six neighbour cells (as 0x28 after a GPS block): only the fix is used. */
export const decodeGpsWithCells: Gt06Handler = (r) => {
  const time = readDateTime(r);
  return { messages: [positionMessage(time, readGps(r))], ack: false };
};

/** 0x31: date-time, GPS, serving cell, nine bytes, altitude in metres (layout inferred from captures). */
export const decodeGpsAltitude: Gt06Handler = (r) => {
  const time = readDateTime(r);
  const fix = readGps(r);
  readCell(r);
  r.skip(Math.max(0, r.remaining - 2));
  const message = positionMessage(time, fix);
  message.altitude = r.readI16('altitude');
  return { messages: [message], ack: false };
};

/**
 * 0x32 GPS/LBS/Wi-Fi report (layout inferred from captures). Short frames: date-time and GPS
 * block. Long frames: date-time, GPS length + block (length 0 = no fix), LBS length + serving
 * cell, then neighbour cells and Wi-Fi access points. Without a fix it is a cell report.
 */
export const decodeGpsLbsWifi: Gt06Handler = (r, ctx) => {
  const time = readDateTime(r);
  if (!ctx.long) return { messages: [positionMessage(time, readGps(r))], ack: false };
  const gpsLength = r.readU8('GPS length');
  if (gpsLength > 0) {
    const fix = readGps(r);
    r.skip(Math.max(0, gpsLength - 12));
    return { messages: [positionMessage(time, fix)], ack: false };
  }
  const attributes: Attributes = r.readU8('LBS length') > 0 ? cellAttributes(readCell(r)) : {};
  return { messages: [{ kind: 'heartbeat', deviceTimeMs: time, attributes }], ack: false };
};

/** 0x34: four bytes not yet identified, then date-time and GPS block (layout inferred from captures). */
export const decodeGps34: Gt06Handler = (r) => {
  r.skip(4);
  const time = readDateTime(r);
  return { messages: [positionMessage(time, readGps(r))], ack: false };
};

/**
 * 0x36 (VL103, layout inferred from captures): date-time, GPS, cell with a 4-byte cell id,
 * ACC, upload mode, re-upload, mileage, six unidentified bytes, 8-byte driver card id.
 */
export const decodeGpsDriver: Gt06Handler = (r) => {
  if (r.remaining < 26)
    throw new UnknownLayout(`0x36 layout of ${r.remaining} bytes not supported (too short for a fix and cell)`);
  const time = readDateTime(r);
  const fix = readGps(r);
  readCell(r, 2, 4);
  const attributes: Attributes = {};
  const memory = readUploadFlags(r, attributes);
  if (r.remaining >= 18) {
    r.skip(10);
    const card = r.readBytes(8, 'driver id');
    if (card.some((b) => b !== 0)) attributes.driverUniqueId = bytesToHex(card);
  }
  const message = positionMessage(time, fix, attributes);
  if (memory !== undefined) message.memory = memory;
  return { messages: [message], ack: false };
};

/**
 * 0xA0 4G positioning packet (Concox 4G protocol, location data): as 0x22 with a 4-byte LAC
 * and an 8-byte cell id.
 */
export const decodeGps4g: Gt06Handler = (r) => {
  const time = readDateTime(r);
  const fix = readGps(r);
  readCell(r, 4, 8);
  const attributes: Attributes = {};
  const memory = readUploadFlags(r, attributes);
  const message = positionMessage(time, fix, attributes);
  if (memory !== undefined) message.memory = memory;
  return { messages: [message], ack: true };
};

/**
 * 0xA2 4G report (layout inferred from captures): date-time, then either a GPS block (its info
 * byte's high nibble is the GPS length, 12) followed by fields not yet identified, or no GPS and
 * the cells straight away.
 */
export const decodeGps4gStatus: Gt06Handler = (r) => {
  const time = readDateTime(r);
  if (r.peekU8(0, 'GPS info') >> 4 < 9) {
    return {
      messages: [{ kind: 'heartbeat', deviceTimeMs: time, attributes: cellAttributes(readCell(r, 4, 8)) }],
      ack: false,
    };
  }
  return { messages: [positionMessage(time, readGps(r))], ack: false };
};
