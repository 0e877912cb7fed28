import type { Alarm } from '@jejak/domain';
import type { AttributeValue } from '../message.ts';

export type Attributes = Record<string, AttributeValue>;

/**
 * Meitrack event codes (Meitrack GPRS protocol, "Event Code" table) that are alarms in our
 * vocabulary. Only codes whose meaning is the same across the MVT/T/MT editions of the table
 * are mapped; everything else (22 = external power back, 35 = track by time interval,
 * 33 = by distance, 29 = reboot, …) is reported only as the raw `event`.
 *
 *   1 → sos (input 1 active: the SOS button)   17 → lowBattery (internal battery low)
 *  18 → lowBattery (external battery low)       19 → overspeed
 *  20 → geofence (entering)                     21 → geofence (leaving)
 *  23 → powerCut (external power cut)          36 → towing
 *  44 → jamming (GSM jamming)                   78 → accident (collision)
 * 129 → hardBraking                            130 → hardAcceleration
 * (131 is not mapped: no edition of the table we could read names it.)
 */
const ALARMS: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [1, 'sos'],
  [17, 'lowBattery'],
  [18, 'lowBattery'],
  [19, 'overspeed'],
  [20, 'geofence'],
  [21, 'geofence'],
  [23, 'powerCut'],
  [36, 'towing'],
  [44, 'jamming'],
  [78, 'accident'],
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
