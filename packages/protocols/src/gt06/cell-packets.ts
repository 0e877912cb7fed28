import type { ByteReader } from '../codec/byte-reader.ts';
import type { NormalizedMessage } from '../message.ts';
import {
  asciiText,
  cellAttributes,
  positionMessage,
  readCell,
  readDateTime,
  readGps,
  type Attributes,
} from './fields.ts';
import { UnknownLayout, type Gt06Handler } from './handler.ts';
import { decodeCells } from './status-packets.ts';

/*
 * Cell-only and cell + Wi-Fi reports: a date-time and the towers the device hears, no fix.
 * They become heartbeats with the serving cell (`mcc`, `mnc`, `lac`, `cellId`) and counts.
 */

function cellReport(deviceTimeMs: number | undefined, attributes: Attributes): NormalizedMessage {
  return deviceTimeMs === undefined
    ? { kind: 'heartbeat', attributes }
    : { kind: 'heartbeat', deviceTimeMs, attributes };
}

/** Cells of `idBytes`-byte ids, each LAC, id, signal; the first with a LAC is the serving cell. */
function readCellList(r: ByteReader, count: number, idBytes: 3 | 4): Attributes {
  const mccWord = r.readU16('MCC');
  const mnc = mccWord & 0x8000 ? r.readU16('MNC') : r.readU8('MNC');
  const attributes: Attributes = {};
  let heard = 0;
  for (let i = 0; i < count; i++) {
    const lac = r.readU16('LAC');
    const cellId = r.readUInt(idBytes, 'cell id');
    r.skip(1, 'signal');
    if (lac === 0) continue;
    if (heard === 0) Object.assign(attributes, { mcc: mccWord & 0x7fff, mnc, lac, cellId });
    heard++;
  }
  attributes.cellCount = heard;
  return attributes;
}

/**
 * 0x24 comes in three layouts, told apart by length (inferred from captures):
 * - 41 bytes (SR411 mini): date-time, GPS block, serving cell, ACC, external volts ×100,
 *   battery volts ×100, then ten bytes not identified — a position;
 * - 44 bytes (Wanway S20): date-time, timing advance, MCC, MNC, cell count, cells;
 * - otherwise the multi-cell report of 0x28.
 */
export const decodeMultiCell24: Gt06Handler = (r, ctx) => {
  if (r.remaining === 41) {
    const time = readDateTime(r);
    const fix = readGps(r);
    readCell(r);
    const attributes: Attributes = { ignition: r.readU8('ACC') > 0 };
    attributes.power = r.readU16('power') / 100;
    attributes.battery = r.readU16('battery') / 100;
    return { messages: [positionMessage(time, fix, attributes)], ack: true };
  }
  if (r.remaining === 44) {
    const time = readDateTime(r);
    r.skip(1, 'timing advance');
    const mcc = r.readU16('MCC');
    const mnc = r.readU8('MNC');
    const count = r.readU8('cell count');
    const first: Attributes = count > 0 ? { mcc, mnc, lac: r.readU16('LAC'), cellId: r.readUInt(3, 'cell id') } : {};
    return { messages: [cellReport(time, { ...first, cellCount: count })], ack: true };
  }
  return decodeCells(r, ctx);
};

/**
 * 0x2C LBS + Wi-Fi (Concox, "LBS + WIFI information packet"): date-time, MCC, MNC, seven cells
 * (LAC, 3-byte id, signal), timing advance, Wi-Fi count, access points (MAC, signal).
 */
export const decodeCellsWifi: Gt06Handler = (r) => {
  const time = readDateTime(r);
  const attributes = readCellList(r, 7, 3);
  r.skip(1, 'timing advance');
  const wifiCount = r.readU8('Wi-Fi count');
  r.skip(Math.min(r.remaining, wifiCount * 7), 'Wi-Fi access points');
  return { messages: [cellReport(time, { ...attributes, wifiCount })], ack: true };
};

/**
 * 0x33. Short frames (AZ735/SL4X Wi-Fi report, inferred from captures): date-time, MCC, MNC,
 * six cells with 4-byte ids, timing advance, Wi-Fi count, access points. Long frames (AZ735
 * alarm): date-time, GPS length + block, LBS length + cell, cell and Wi-Fi blocks each with
 * its length, a status byte (A0 armed, A1 disarmed, A2/A3 low battery), reserved block.
 */
export const decodeWifi33: Gt06Handler = (r, ctx) => {
  const time = readDateTime(r);
  if (!ctx.long) {
    const attributes = readCellList(r, 6, 4);
    r.skip(1, 'timing advance');
    const wifiCount = r.readU8('Wi-Fi count');
    return { messages: [cellReport(time, { ...attributes, wifiCount })], ack: true };
  }
  const gpsLength = r.readU8('GPS length');
  const fix = gpsLength > 0 ? readGps(r) : null;
  const attributes: Attributes = r.readU8('LBS length') > 0 ? cellAttributes(readCell(r)) : {};
  r.skip(r.readU8('cells length'), 'cells');
  r.skip(r.readU8('Wi-Fi length'), 'Wi-Fi');
  const status = r.readU8('status');
  attributes.status = status;
  if (status === 0xa0 || status === 0xa1) attributes.armed = status === 0xa0;
  if (status === 0xa2 || status === 0xa3) attributes.alarm = 'lowBattery';
  const message = fix ? positionMessage(time, fix, attributes) : cellReport(time, attributes);
  if (!fix && attributes.alarm) message.kind = 'alarm';
  return { messages: [message], ack: false };
};

/**
 * 0xA7 address request by cell (layout inferred from captures): MCC, MNC, 4-byte LAC, 8-byte
 * cell id, the phone number asking (ASCII, zero padded), language. We send no address; the
 * standard acknowledgement tells the device the request arrived.
 */
export const decodeCellAddressRequest: Gt06Handler = (r) => {
  const attributes = cellAttributes(readCell(r, 4, 8));
  const phone = asciiText(r.readBytes(Math.max(0, r.remaining - 2), 'phone number'));
  if (phone) attributes.phone = phone;
  return { messages: [cellReport(undefined, attributes)], ack: true };
};

/**
 * 0x19 of 18 bytes (a multi-cell firmware, inferred from captures): date-time, serving cell,
 * four bytes not identified. The 13-byte form is the GT03 LBS + status packet.
 */
export function decodeDatedCell(r: ByteReader): NormalizedMessage {
  if (r.remaining !== 18) throw new UnknownLayout(`0x19 layout of ${r.remaining} bytes not supported`);
  const time = readDateTime(r);
  return cellReport(time, cellAttributes(readCell(r)));
}
