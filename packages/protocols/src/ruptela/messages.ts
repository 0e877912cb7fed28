import type { ByteReader } from '../codec/byte-reader.ts';
import type { NormalizedMessage } from '../message.ts';

/** Command ids of the device's other packets (Ruptela protocol, "Commands"). */
export const CMD_CONFIGURATION = 0x02;
export const CMD_VERSION = 0x03;
export const CMD_FIRMWARE = 0x04;
export const CMD_SMS_RESPONSE = 0x07;
export const CMD_DTCS = 0x09;
export const CMD_IDENTIFICATION = 0x0f;
export const CMD_HEARTBEAT = 0x10;
export const CMD_SET_IO = 0x11;
export const CMD_FILES = 0x25;

/**
 * The answer to a server command (configuration, version, firmware, or an SMS command sent over
 * GPRS, 0x6C): ASCII text, trailing line breaks and spaces dropped. `result` holds it.
 */
export function readTextResponse(r: ByteReader, command: number): NormalizedMessage {
  const text = String.fromCharCode(...r.readRest())
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim();
  return { kind: 'heartbeat', attributes: { result: text, type: command } };
}

/** The answer to a set-IO command: one status byte. */
export function readSetIoResponse(r: ByteReader): NormalizedMessage {
  return { kind: 'heartbeat', attributes: { result: String(r.readU8('set IO status')), type: CMD_SET_IO } };
}

/**
 * Identification (0x0F), sent when the device connects. It opens with the firmware version in
 * ASCII; the fields after it (counters and settings, inferred from the captures) are not read.
 */
export function readIdentification(r: ByteReader): NormalizedMessage {
  const rest = r.readRest();
  let end = 0;
  while (end < Math.min(rest.length, 32) && (rest[end] ?? 0) >= 0x20 && (rest[end] ?? 0) < 0x7f) end++;
  const versionFw = String.fromCharCode(...rest.subarray(0, end));
  return { kind: 'heartbeat', attributes: versionFw ? { versionFw } : {} };
}

/**
 * Diagnostic trouble codes (0x09): count (1), then each: reserved (1), time (u32 s), longitude
 * and latitude (i32, 1e-7°), source (1; 2 = from the archive), the code (5 ASCII characters).
 */
export function readDtcs(r: ByteReader): NormalizedMessage[] {
  const count = r.readU8('DTC count');
  const messages: NormalizedMessage[] = [];
  for (let i = 0; i < count; i++) {
    r.readU8('reserved');
    const deviceTimeMs = r.readU32('DTC time') * 1000;
    const longitude = r.readI32('longitude') / 1e7;
    const latitude = r.readI32('latitude') / 1e7;
    const archived = r.readU8('DTC source') === 2;
    const dtcs = String.fromCharCode(...r.readBytes(5, 'DTC code')).replace(/[^\x20-\x7e]/g, '');
    const message: NormalizedMessage = {
      kind: 'position',
      deviceTimeMs,
      valid: true,
      latitude,
      longitude,
      attributes: { dtcs },
    };
    if (archived) message.memory = true;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
      messages.push({ kind: 'heartbeat', deviceTimeMs, attributes: { dtcs } });
    else messages.push(message);
  }
  return messages;
}
