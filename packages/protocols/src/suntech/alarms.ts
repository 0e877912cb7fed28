import type { Alarm } from '@jejak/domain';
import type { Attributes } from './fields.ts';

/*
 * Suntech alert and emergency codes that are alarms in our vocabulary. Sources: the ST300/340
 * operation manual (LATAM 1.41, "Alert ID" and "Emergency ID" tables) and the Universal Reporting
 * Guide (1.39–1.102, "Alert ID Table"), as far as we could read them; codes whose meaning we could
 * not confirm, or that have no name in ALARMS (parking, door, power restored), keep only the code.
 */

/** ALT reports (legacy and Universal), ALERT_ID. */
const ALERTS: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [1, 'overspeed'],
  [5, 'geofence'], // leaving a geofence
  [6, 'geofence'], // entering a geofence
  [14, 'lowBattery'], // backup battery low
  [15, 'vibration'], // shock detected
  [16, 'accident'], // collision
  [41, 'powerCut'], // main power disconnected
  [42, 'sos'], // panic button
  [46, 'hardAcceleration'],
  [47, 'hardBraking'],
  [50, 'jamming'],
]);

/** EMG reports (legacy), EMG_ID. 2 = parking lock and 5/6 = door, 7 = movement have no alarm name. */
const EMERGENCIES: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [1, 'sos'], // panic button
  [3, 'powerCut'], // main power removed
  [8, 'vibration'], // shock
]);

export function alertAttributes(code: number): Attributes {
  const alarm = ALERTS.get(code);
  return alarm ? { alert: code, alarm } : { alert: code };
}

export function emergencyAttributes(code: number): Attributes {
  const alarm = EMERGENCIES.get(code);
  return alarm ? { emergency: code, alarm } : { emergency: code };
}
