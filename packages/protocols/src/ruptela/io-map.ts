import type { Alarm } from '@jejak/domain';
import { bytesToHex } from '../codec/hex.ts';
import type { AttributeValue } from '../message.ts';

/** One IO element as read: its id, width (1, 2, 4 or 8 bytes) and raw bytes. */
export interface IoElement {
  id: number;
  bytes: Uint8Array;
}

type Rule =
  | { key: string; as: 'bool' | 'int' | 'hex'; alias?: string }
  | { key: string; as: 'scaled'; divisor: number; signed?: boolean }
  /** An alarm IO: names the alarm while its value is non-zero. */
  | { as: 'alarm'; alarm: Alarm };

/**
 * IO ids with the same meaning on the FM-Eco4/FM-Pro4/FM-Tco4 families (Ruptela protocol, "IO
 * parameters" list): digital inputs, analog inputs (mV), GSM signal (0–31), external and internal
 * battery voltage (mV), PCB temperature, iButton id, virtual odometer (m), 1-Wire temperatures
 * (0.1 °C), operator code (MCC MNC), movement sensor, CAN engine speed (0.125 rpm), virtual
 * ignition, and the event IOs for jamming, harsh driving, towing and accidents. The captures bear
 * these out (operator codes match each fix's country; signal 12–31, 255 without GSM). Other ids
 * are kept as `io<id>`.
 */
const RULES: ReadonlyMap<number, Rule> = new Map<number, Rule>([
  [2, { key: 'din1', as: 'bool' }],
  [3, { key: 'din2', as: 'bool' }],
  [4, { key: 'din3', as: 'bool' }],
  // DIN4 is the ignition input of the FM-Eco4/FM-Pro4 wiring; in the captures it is on in every
  // moving record (and, in #10, with CAN rpm 1520), where id 409 said "off".
  [5, { key: 'din4', as: 'bool', alias: 'ignition' }],
  [22, { key: 'adc1', as: 'scaled', divisor: 1000 }],
  [23, { key: 'adc2', as: 'scaled', divisor: 1000 }],
  [27, { key: 'gsm', as: 'int' }],
  [29, { key: 'power', as: 'scaled', divisor: 1000 }],
  [30, { key: 'battery', as: 'scaled', divisor: 1000 }],
  [32, { key: 'deviceTemp', as: 'scaled', divisor: 1, signed: true }],
  [34, { key: 'driverUniqueId', as: 'hex' }],
  [65, { key: 'odometer', as: 'int' }],
  [78, { key: 'temp1', as: 'scaled', divisor: 10, signed: true }],
  [79, { key: 'temp2', as: 'scaled', divisor: 10, signed: true }],
  [80, { key: 'temp3', as: 'scaled', divisor: 10, signed: true }],
  [88, { as: 'alarm', alarm: 'jamming' }],
  [134, { as: 'alarm', alarm: 'hardBraking' }],
  [136, { as: 'alarm', alarm: 'hardAcceleration' }],
  [150, { key: 'operator', as: 'int' }],
  [170, { key: 'charge', as: 'bool' }],
  [173, { key: 'motion', as: 'bool' }],
  [197, { key: 'rpm', as: 'scaled', divisor: 8 }],
  [251, { key: 'ignition', as: 'bool' }],
  [410, { as: 'alarm', alarm: 'towing' }],
  [411, { as: 'alarm', alarm: 'accident' }],
]);

/** Unsigned big-endian value; 8-byte values above 2^53 come back as null (kept as hex). */
function unsigned(bytes: Uint8Array): number | null {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return Number.isSafeInteger(v) ? v : null;
}

function signed(bytes: Uint8Array): number {
  const v = unsigned(bytes) ?? 0;
  const bits = bytes.length * 8;
  return bytes.length <= 4 && v >= 2 ** (bits - 1) ? v - 2 ** bits : v;
}

/** Adds one IO element to `out` under its shared name, or as `io<id>`. */
export function applyIo(io: IoElement, out: Record<string, AttributeValue>): void {
  const rule = RULES.get(io.id);
  const raw = unsigned(io.bytes);
  if (!rule) {
    out[`io${io.id}`] = raw ?? bytesToHex(io.bytes);
    return;
  }
  switch (rule.as) {
    case 'alarm':
      if (raw !== 0) out.alarm = rule.alarm;
      return;
    case 'bool':
      out[rule.key] = raw !== 0;
      if (rule.alias) out[rule.alias] = raw !== 0;
      return;
    case 'int':
      out[rule.key] = raw ?? bytesToHex(io.bytes);
      return;
    case 'hex':
      out[rule.key] = bytesToHex(io.bytes);
      return;
    case 'scaled':
      out[rule.key] = (rule.signed ? signed(io.bytes) : (raw ?? 0)) / rule.divisor;
      return;
  }
}
