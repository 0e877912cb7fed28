import type { Alarm } from '@jejak/domain';
import type { Attributes } from './fields.ts';

/*
 * Suntech alert and emergency codes that are alarms in our vocabulary. Sources: the ST300H alert
 * type table (as Wialon publishes it, wialon.com/en/gps-hardware/auto/suntech-st300h), the ST300/340
 * operation manual (LATAM 1.41, "Emergency ID") and the Universal Reporting Guide's "Alert ID
 * Table" (same numbering). Codes with no name in ALARMS (2 over-speed ended, 33/34 ignition, 40 power
 * back, 59/60 iButton, parking, door, movement) keep only the code; no code means towing.
 */

/** ALT reports (legacy and Universal), ALERT_ID. */
const ALERTS: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [1, 'overspeed'], // started driving faster than SPEED_LIMIT
  [5, 'geofence'], // left a geofence
  [6, 'geofence'], // entered a geofence
  [14, 'lowBattery'], // vehicle battery very low
  [15, 'vibration'], // shocked
  [16, 'accident'], // collision
  [41, 'powerCut'], // disconnected from the main power
  [42, 'sos'], // panic button (Universal devices; the captured ALT 42 is a panic alert)
  [46, 'hardAcceleration'], // driver pattern analysis
  [47, 'hardBraking'],
  [48, 'hardCornering'],
  [49, 'overspeed'],
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
