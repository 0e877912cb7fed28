import type { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import { asciiText, isPrintable, positionMessage, readCell, readDateTime, readGps, type Attributes } from './fields.ts';
import type { Gt06Handler } from './handler.ts';
import { terminalInfoAttributes } from './status.ts';

/*
 * Positions with extra modules or a driver's identity (iButton, RFID card). Layouts inferred
 * from captures, guided by the Concox 0x37/0x38 "extended modules" description: after the
 * fix and cell come modules of u16 id, u8 length, value.
 */

/** Module ids: 0x27 external volts ×100, 0x2E mileage (m), 0x3B accuracy (m ×100). */
function readModules(r: ByteReader, attributes: Attributes): void {
  while (r.remaining >= 3) {
    const id = r.readU16('module id');
    const length = r.readU8('module length');
    if (length > r.remaining) return;
    const value = r.readBytes(length, `module 0x${id.toString(16)}`);
    const n = value.reduce((acc, b) => acc * 256 + b, 0);
    if (id === 0x27 && length === 2) attributes.power = n / 100;
    else if (id === 0x2e && length === 4) attributes.odometer = n;
    else if (id === 0x3b && length === 2) attributes.accuracy = n / 100;
  }
}

/** 0x37: date-time, GPS block, serving cell, ACC, event, re-upload flag, modules. */
export const decodeGpsModules: Gt06Handler = (r) => {
  const time = readDateTime(r);
  const fix = readGps(r);
  readCell(r);
  const attributes: Attributes = { ignition: r.readU8('ACC') > 0 };
  const event = r.readU8('event');
  if (event > 0) attributes.event = event;
  const memory = r.readU8('re-upload') > 0;
  readModules(r, attributes);
  return { messages: [{ ...positionMessage(time, fix, attributes), memory }], ack: true };
};

/**
 * 0x38: date-time, GPS block, upload mode, re-upload flag, cell type (3 and above: 4-byte LAC
 * and 8-byte cell id), serving cell, two bytes not identified, modules.
 */
export const decodeGpsModules4g: Gt06Handler = (r) => {
  const time = readDateTime(r);
  const fix = readGps(r);
  r.skip(1, 'upload mode');
  const memory = r.readU8('re-upload') > 0;
  const wide = r.readU8('cell type') >= 3;
  readCell(r, wide ? 4 : 2, wide ? 8 : 3);
  r.skip(Math.min(2, r.remaining));
  const attributes: Attributes = {};
  readModules(r, attributes);
  return { messages: [{ ...positionMessage(time, fix, attributes), memory }], ack: false };
};

/**
 * 0x61 iButton report: IMEI (8 BCD), date-time, GPS block, serving cell with a 4-byte id,
 * then the key's number in six bytes, sent as its decimal value.
 */
export const decodeIButton: Gt06Handler = (r) => {
  r.skip(8, 'IMEI');
  const time = readDateTime(r);
  const fix = readGps(r);
  readCell(r, 2, 4);
  const key = r.readUInt(6, 'iButton');
  return { messages: [positionMessage(time, fix, key > 0 ? { driverUniqueId: String(key) } : {})], ack: true };
};

/** 0x17 with serial and CRC (RFID firmware): date-time, GPS block, serving cell, card id (8 bytes), validity. */
export const decodeGpsRfid: Gt06Handler = (r) => {
  const time = readDateTime(r);
  const fix = readGps(r);
  readCell(r);
  const card = r.readBytes(8, 'card id');
  const attributes: Attributes = card.some((b) => b !== 0) ? { driverUniqueId: bytesToHex(card) } : {};
  return { messages: [positionMessage(time, fix, attributes)], ack: true };
};

/**
 * 0x25 (XT40): location source, IMEI (8 BCD), device time, GPS time, GPS block, LBS length +
 * cell with a 4-byte id, terminal information, fields not identified, and last the driver
 * block: length, id type, id (an RFID card's text between STX and ETX, or raw bytes).
 */
export const decodeGpsDriver25: Gt06Handler = (r) => {
  r.skip(9, 'location source and IMEI');
  readDateTime(r);
  const time = readDateTime(r);
  const fix = readGps(r);
  r.skip(1, 'LBS length');
  readCell(r, 2, 4);
  const attributes = terminalInfoAttributes(r.readU8('terminal information'));
  const rest = r.readRest();
  const driver = driverBlock(rest);
  if (driver) attributes.driverUniqueId = driver;
  return { messages: [positionMessage(time, fix, attributes)], ack: true };
};

/** The trailing driver block: the byte that gives exactly the rest's length, then type and id. */
function driverBlock(rest: Uint8Array): string | null {
  for (let at = rest.length - 3; at >= 0; at--) {
    if (rest[at] !== rest.length - at - 1) continue;
    const id = rest.subarray(at + 2);
    const text = id[0] === 0x02 && id[id.length - 1] === 0x03 ? id.subarray(1, -1) : id;
    return isPrintable(text) ? asciiText(text) : bytesToHex(text);
  }
  return null;
}
