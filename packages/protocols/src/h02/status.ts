import type { Alarm } from '@jejak/domain';
import type { AttributeValue } from '../message.ts';

export type Attributes = Record<string, AttributeValue>;

/*
 * The vehicle status word (H02 protocol §3, "vehicle_status"): four bytes, sent as eight hex
 * digits in the text reports and as four raw bytes in the binary ones. The document uses
 * negative logic: a bit at 0 means the condition is present. Bit numbers below count from the
 * least significant bit of the last byte (so the document's byte 4 is bits 0–7, byte 1 bits
 * 24–31). Only the bits we act on are listed; the raw word is always kept as `status`.
 */

/** Byte 4 bit 0: theft alarm, raised by the vibration sensor. */
const THEFT = 0;
/** Byte 4 bit 1: robbery (panic) alarm. */
const ROBBERY = 1;
/** Byte 4 bit 2: overspeed alarm. */
const OVERSPEED = 2;
/** Byte 4 bit 4: crossed a fence inwards ("no entry" fence). */
const FENCE_IN = 4;
/** Byte 4 bit 5: GPS antenna open circuit — the antenna was cut or unplugged. */
const ANTENNA_CUT = 5;
/** Byte 4 bit 7: crossed a fence outwards ("no exit" fence). */
const FENCE_OUT = 7;
/** Byte 3 bit 0: a door is open. */
const DOOR_OPEN = 8;
/** Byte 3 bit 1: the vehicle is armed (fortified). */
const ARMED = 9;
/** Byte 3 bit 2: ACC is off — so a 1 here means the ignition is on. */
const ACC_OFF = 10;
/** Byte 2 bit 2: SOS button. */
const SOS = 18;
/** Byte 2 bit 3: the unit runs on its backup battery, i.e. the main power was cut. */
const BACKUP_POWER = 19;
/** Byte 2 bit 4: the vehicle battery was removed. */
const BATTERY_REMOVED = 20;
/** Byte 1 bit 3: fuel and power are cut (the immobiliser relay is engaged). */
const OIL_POWER_CUT = 27;

/** Alarms in priority order: the first present condition becomes `alarm`. */
const ALARM_BITS: readonly (readonly [bit: number, alarm: Alarm])[] = [
  [SOS, 'sos'],
  [ROBBERY, 'sos'],
  [BACKUP_POWER, 'powerCut'],
  [BATTERY_REMOVED, 'powerCut'],
  [OVERSPEED, 'overspeed'],
  [THEFT, 'vibration'],
  [FENCE_IN, 'geofence'],
  [FENCE_OUT, 'geofence'],
  [ANTENNA_CUT, 'tampering'],
];

const present = (status: number, bit: number): boolean => ((status >>> bit) & 1) === 0;

/** Attributes of a status word: the raw value (`status`), ignition, armed, door, blocked, alarm. */
export function statusAttributes(status: number): Attributes {
  const attributes: Attributes = {
    status,
    ignition: !present(status, ACC_OFF),
    armed: present(status, ARMED),
    door: present(status, DOOR_OPEN),
    blocked: present(status, OIL_POWER_CUT),
  };
  const alarm = ALARM_BITS.find(([bit]) => present(status, bit));
  if (alarm) attributes.alarm = alarm[1];
  return attributes;
}

/** Parses the eight hex digits of a text report's status field; null when it is not one. */
export function parseStatusHex(field: string): number | null {
  return /^[0-9a-fA-F]{8}$/.test(field) ? parseInt(field, 16) : null;
}

export interface StatusInput {
  ignition?: boolean;
  armed?: boolean;
  door?: boolean;
  blocked?: boolean;
  alarm?: Alarm;
}

/** The status word for a set of conditions (every other bit at 1, "not present"). */
export function encodeStatus(input: StatusInput): number {
  let status = 0xffffffff;
  const clear = (bit: number) => {
    status = (status & ~(1 << bit)) >>> 0;
  };
  if (!input.ignition) clear(ACC_OFF);
  if (input.armed) clear(ARMED);
  if (input.door) clear(DOOR_OPEN);
  if (input.blocked) clear(OIL_POWER_CUT);
  const alarm = ALARM_BITS.find(([, name]) => name === input.alarm);
  if (alarm) clear(alarm[0]);
  return status;
}
