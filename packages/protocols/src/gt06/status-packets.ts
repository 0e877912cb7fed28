import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { cellAttributes, readBcdDateTime, readCell, readDateTime, type Attributes } from './fields.ts';
import type { Gt06Handler } from './handler.ts';
import { readStatusBlock, terminalInfoAttributes } from './status.ts';

/**
 * 0x01 login (GT06 protocol §5.1): terminal id, the IMEI as 8 bytes of BCD with a leading
 * zero. Newer firmwares add a type code and a time-zone word, not used here.
 * TODO(#3): take the device's time zone from that word.
 */
export const decodeLogin: Gt06Handler = (r) => {
  const digits = r.readBcd(8, 'terminal id');
  const imei = digits.length === 16 && digits.startsWith('0') ? digits.slice(1) : digits;
  if (!/^\d{15,16}$/.test(imei)) throw new DecodeError(`terminal id ${digits} is not an IMEI`);
  return { messages: [{ kind: 'login', imei, attributes: {} }], ack: true, imei };
};

/**
 * 0x13 status / heartbeat (GT06 protocol §5.4): terminal information, voltage level, GSM
 * strength, alarm, language. SEEWORLD firmware puts the external voltage (whole volts) in
 * the alarm byte's place.
 */
export const decodeHeartbeat: Gt06Handler = (r, ctx) => {
  if (ctx.variant === 'SEEWORLD') {
    const attributes = terminalInfoAttributes(r.readU8('terminal information'));
    r.skip(2, 'voltage level and GSM strength');
    attributes.power = r.readU8('power');
    return { messages: [{ kind: 'heartbeat', attributes }], ack: true };
  }
  return { messages: [{ kind: 'heartbeat', attributes: readStatusBlock(r, ctx.variant) }], ack: true };
};

/** 0x23 heartbeat of the GT06N family: terminal information, battery volts ×100, GSM strength, language. */
export const decodeHeartbeatVoltage: Gt06Handler = (r) => {
  const attributes = terminalInfoAttributes(r.readU8('terminal information'));
  attributes.battery = r.readU16('battery voltage') / 100;
  attributes.gsm = r.readU8('GSM signal strength');
  return { messages: [{ kind: 'heartbeat', attributes }], ack: true };
};

function cellReport(deviceTimeMs: number, attributes: Attributes): NormalizedMessage {
  return { kind: 'heartbeat', deviceTimeMs, attributes };
}

/**
 * 0x28 and 0x18 multi-cell report (GT06N protocol "LBS multiple base stations", GT03 §5.7):
 * date-time, MCC, MNC, then the serving cell and six neighbours (LAC, cell id, strength).
 */
export const decodeCells: Gt06Handler = (r) => {
  const time = readDateTime(r);
  return { messages: [cellReport(time, cellAttributes(readCell(r)))], ack: false };
};

/** 0xA1 4G multi-cell report (Concox 4G protocol): as 0x28 with a 4-byte LAC and 8-byte cell id. */
export const decodeCells4g: Gt06Handler = (r) => {
  const time = readDateTime(r);
  return { messages: [cellReport(time, cellAttributes(readCell(r, 4, 8)))], ack: false };
};

/**
 * 0x69 / 0x17 Wi-Fi report without serial and CRC (layout inferred from captures): the frame's
 * length byte is the access-point count; BCD date-time, access points (MAC, strength), cell
 * count, MCC, MNC, cells (LAC, 2-byte id, strength).
 */
export const decodeWifiCount: Gt06Handler = (r, ctx) => {
  if (!ctx.trailerless) throw new DecodeError(`0x${ctx.type.toString(16)} with serial and CRC not supported`);
  const time = readBcdDateTime(r);
  r.skip(ctx.declaredLength * 7, 'Wi-Fi access points');
  const cellCount = r.readU8('cell count');
  const attributes: Attributes = { wifiCount: ctx.declaredLength, cellCount };
  if (cellCount > 0) {
    attributes.mcc = r.readU16('MCC');
    attributes.mnc = r.readU8('MNC');
    r.skip(cellCount * 5, 'cells');
  }
  return { messages: [cellReport(time, attributes)], ack: false };
};

/** 0xF3 Wi-Fi report (layout inferred from captures): date-time, count, count × 8 bytes (2 unidentified, MAC). */
export const decodeWifiList: Gt06Handler = (r) => {
  const time = readDateTime(r);
  const wifiCount = r.readU8('Wi-Fi count');
  r.skip(wifiCount * 8, 'Wi-Fi access points');
  return { messages: [cellReport(time, { wifiCount })], ack: false };
};
