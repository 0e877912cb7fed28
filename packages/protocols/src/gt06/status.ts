import type { Alarm } from '@jejak/domain';
import type { ByteReader } from '../codec/byte-reader.ts';
import type { Attributes } from './fields.ts';

/**
 * Alarm byte of the status block (GT06 protocol §5.3 alarm packet, "alarm/language" field,
 * extended by the later Concox documents), mapped to the one alarm vocabulary. Codes that are
 * events rather than alarms (power on, first fix, shutdown 0x11, door 0x14, displacement 0x09 on
 * most models, …) are only reported as the raw `event`.
 */
const ALARMS: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x04, 'geofence'], // entering a fence
  [0x05, 'geofence'], // leaving a fence
  [0x06, 'overspeed'],
  [0x0e, 'lowBattery'], // external battery low
  [0x0f, 'lowBattery'], // external battery low, protection engaged
  [0x13, 'tampering'], // dismantled
  [0x18, 'removing'], // back cover opened / removed
  [0x19, 'lowBattery'], // internal battery low
  [0x29, 'hardAcceleration'],
  [0x2a, 'hardCornering'], // sharp left turn
  [0x2b, 'hardCornering'], // sharp right turn
  [0x2c, 'accident'], // collision
]);

/** Vehicle models whose firmware numbers some alarms differently (seen in captured packets). */
const VL_ALARMS: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [0x09, 'towing'], // displacement while parked
  [0x30, 'hardBraking'],
]);
const VARIANT_ALARMS: Readonly<Record<string, ReadonlyMap<number, Alarm>>> = {
  G18: VL_ALARMS,
  VL103: VL_ALARMS,
  LL303: VL_ALARMS,
  VL512: VL_ALARMS,
};

/** ACC changes reported through the alarm byte by the later Concox firmwares. */
const ACC_ON = 0xfe;
const ACC_OFF = 0xff;

/** Bits 3–5 of the terminal information; 7 is the "removed" alarm of personal trackers. */
const TERMINAL_ALARMS: readonly (Alarm | undefined)[] = [
  undefined,
  'vibration',
  'powerCut',
  'lowBattery',
  'sos',
  undefined,
  undefined,
  'removing',
];

/**
 * Terminal information byte (GT06 protocol §5.4 status packet): bit 0 armed, bit 1 ACC, bit 2 charging,
 * bits 3–5 alarm, bit 6 GPS tracking on, bit 7 oil/electricity cut.
 */
export function terminalInfoAttributes(info: number): Attributes {
  const attributes: Attributes = {
    armed: (info & 0x01) !== 0,
    ignition: (info & 0x02) !== 0,
    charge: (info & 0x04) !== 0,
    blocked: (info & 0x80) !== 0,
  };
  const alarm = TERMINAL_ALARMS[(info >> 3) & 0x07];
  if (alarm) attributes.alarm = alarm;
  return attributes;
}

/** Adds `event` and, when known, `alarm` (or `ignition`) for an alarm byte. */
export function applyAlarmCode(attributes: Attributes, code: number, variant: string | null): void {
  if (code === 0) return;
  attributes.event = code;
  if (code === ACC_ON || code === ACC_OFF) {
    attributes.ignition = code === ACC_ON;
    return;
  }
  const name = (variant ? VARIANT_ALARMS[variant]?.get(code) : undefined) ?? ALARMS.get(code);
  if (name) attributes.alarm = name;
}

/**
 * Voltage level (GT06 protocol §5.4 status packet) is 0–6; some firmwares put a percentage in the same
 * byte instead. Either way the result is a percentage.
 */
export function batteryPercent(value: number): number | undefined {
  if (value <= 6) return Math.round((value * 100) / 6);
  return value <= 100 ? value : undefined;
}

/**
 * The five-byte status block shared by heartbeats and alarms (GT06 protocol §5.4):
 * terminal information, voltage level, GSM signal strength, alarm, language.
 */
export function readStatusBlock(r: ByteReader, variant: string | null): Attributes {
  const attributes = terminalInfoAttributes(r.readU8('terminal information'));
  const battery = batteryPercent(r.readU8('voltage level'));
  if (battery !== undefined) attributes.batteryLevel = battery;
  attributes.gsm = r.readU8('GSM signal strength');
  applyAlarmCode(attributes, r.readU8('alarm'), variant);
  r.skip(1, 'language');
  return attributes;
}
