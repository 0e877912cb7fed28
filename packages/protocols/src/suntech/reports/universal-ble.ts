import type { NormalizedMessage } from '../../message.ts';
import { type Fields, parseDateTime, positionOf, type Attributes } from '../fields.ts';

/*
 * Universal BLE beacon reports (Universal Reporting Guide, "BLE report"; layout checked against
 * the captured packets): BLE is `BLE;DEV_ID;MODEL;SW_VER;DATE;TIME;LAT;LON;COUNT` then per beacon
 * RSSI;RSSI_MIN;RSSI_MAX;ID;SAMPLES;MAJOR;MINOR — a position. BSA (beacon scan alert)
 * `BSA;DEV_ID;REP_MAP;MODEL;SW_VER;MSG_TYPE;DATE;TIME;LAT;LON;COUNT` then RSSI;MAC;MAJOR;MINOR:
 * kept as a heartbeat with the beacons, since its REP_MAP does not match its fields.
 */
export function decodeBeacons(type: 'BLE' | 'BSA', f: Fields): NormalizedMessage[] {
  const attributes: Attributes = { type };
  if (type === 'BSA') f.skip(); // REP_MAP
  attributes.model = f.next('model');
  attributes.versionFw = f.next('software version');
  if (type === 'BSA') f.skip(); // MSG_TYPE
  const timeMs = parseDateTime(f.next('date'), f.next('time'));
  const lat = f.decimal('latitude');
  const lon = f.decimal('longitude');
  const count = Math.min(f.int('beacon count'), 64);
  const perBeacon =
    type === 'BLE' ? ['Rssi', '', '', 'Id', 'Samples', 'Major', 'Minor'] : ['Rssi', 'Id', 'Major', 'Minor'];
  for (let i = 1; i <= count && f.remaining > 0; i++) {
    for (const name of perBeacon) {
      const v = f.optional();
      if (name && v) attributes[`tag${i}${name}`] = /^-?\d+$/.test(v) ? Number(v) : v;
    }
  }
  if (type === 'BSA') return [{ kind: 'heartbeat', deviceTimeMs: timeMs, attributes }];
  return [positionOf({ timeMs, lat, lon, valid: true }, attributes)];
}
