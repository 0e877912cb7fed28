import type { AttributeValue } from '../message.ts';

export type Attributes = Record<string, AttributeValue>;

/**
 * Meitrack event codes (Meitrack GPRS protocol, "event code" table) that are alarms in our
 * vocabulary. Only codes whose meaning is the same across the MVT/T/MT editions of the table
 * are mapped; everything else (35 = track by time interval, 33 = by distance, 29 = reboot, …)
 * is reported only as the raw `event`.
 *
 *   1 → sos (input 1 active: the SOS button)   17 → lowBattery (internal battery low)
 *  18 → lowPower (external power low)          19 → overspeed
 *  20 → geofenceEnter                           21 → geofenceExit
 *  23 → powerCut (external power cut)          36 → tow
 *  44 → jamming (GSM jamming)                 129 → hardBraking
 * 130 → hardAcceleration
 */
const ALARMS: ReadonlyMap<number, string> = new Map([
  [1, 'sos'],
  [17, 'lowBattery'],
  [18, 'lowPower'],
  [19, 'overspeed'],
  [20, 'geofenceEnter'],
  [21, 'geofenceExit'],
  [23, 'powerCut'],
  [36, 'tow'],
  [44, 'jamming'],
  [129, 'hardBraking'],
  [130, 'hardAcceleration'],
]);

/** `event` and, where the code is an alarm, `alarm`. */
export function eventAttributes(code: number): Attributes {
  const alarm = ALARMS.get(code);
  return alarm ? { event: code, alarm } : { event: code };
}

/** Meitrack times count seconds from 2000-01-01 00:00:00 UTC in the binary reports (CCC, CCE). */
export const EPOCH_2000_MS = Date.UTC(2000, 0, 1);
