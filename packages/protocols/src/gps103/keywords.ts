import type { Alarm } from '@jejak/domain';
import { num, put, type Attributes } from './fields.ts';

/**
 * Report keywords that are alarms (GPS102/GPS103/GPS104 GPRS data protocol, "GPRS command sent
 * by tracker"; later firmwares added the vehicle ones), in the one vocabulary (issue 12).
 * `move` is the displacement alarm: the parked, armed vehicle left its radius — towed or stolen.
 */
const ALARM_KEYWORDS: ReadonlyMap<string, Alarm> = new Map<string, Alarm>([
  ['help me', 'sos'],
  ['low battery', 'lowBattery'],
  ['stockade', 'geofence'],
  ['move', 'towing'],
  ['speed', 'overspeed'],
  ['ac alarm', 'powerCut'],
  ['accident alarm', 'accident'],
  ['sensor alarm', 'vibration'],
]);

/** Keywords that are the periodic report, not an event. */
const ROUTINE = new Set(['tracker', '001', '']);

/**
 * What a report's keyword says: `alarm` for the keywords above, `ignition` for `acc on`/`acc
 * off`, `temp1` for `T:+28.0` (temperature alarm), `fuel` for `oil 51.67` (fuel level). Every
 * keyword other than the routine report is kept as `event` (door alarm, bonnet alarm, footbrake
 * alarm, oil1/oil2 fuel alarms, DTC, rfid, vt14 photo announcements, …).
 */
export function keywordAttributes(keyword: string): Attributes {
  const out: Attributes = {};
  const word = keyword.trim();
  if (!ROUTINE.has(word)) out.event = word;
  put(out, 'alarm', ALARM_KEYWORDS.get(word));
  if (word === 'acc on') out.ignition = true;
  if (word === 'acc off') out.ignition = false;
  if (word === 'door alarm') out.door = true;
  const temp = /^T:([-+]?\d+(?:\.\d+)?)$/.exec(word);
  if (temp) put(out, 'temp1', num(temp[1], 'temperature'));
  const oil = /^oil (\d+(?:\.\d+)?)$/.exec(word);
  if (oil) put(out, 'fuel', num(oil[1], 'fuel'));
  return out;
}

/** True for an alarm keyword that the device repeats until the server cancels it (`E`). */
export const wantsCancel = (keyword: string): boolean => keyword.trim() === 'help me';
