/**
 * The one alarm vocabulary (issue 12): every decoder maps its protocol's alarm codes to these
 * names in `attributes.alarm`, and the pipeline turns them into device messages and events.
 */
export const ALARMS = [
  'sos',
  'powerCut',
  'removing',
  'tampering',
  'vibration',
  'overspeed',
  'lowBattery',
  'geofence',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'accident',
  'jamming',
  'towing',
] as const;
export type Alarm = (typeof ALARMS)[number];

export function isAlarm(value: unknown): value is Alarm {
  return typeof value === 'string' && (ALARMS as readonly string[]).includes(value);
}

/**
 * The device message each alarm is, as the device log and the deviceMessage rule condition name
 * it (spec 2 §9: "the SOS event 'help me'").
 */
export const DEVICE_MESSAGES: Readonly<Record<Alarm, string>> = {
  sos: 'help me',
  powerCut: 'power cut',
  removing: 'device removed',
  tampering: 'tampering',
  vibration: 'vibration',
  overspeed: 'overspeed',
  lowBattery: 'low battery',
  geofence: 'geofence alarm',
  hardAcceleration: 'hard acceleration',
  hardBraking: 'hard braking',
  hardCornering: 'hard cornering',
  accident: 'accident',
  jamming: 'jamming',
  towing: 'towing',
};
