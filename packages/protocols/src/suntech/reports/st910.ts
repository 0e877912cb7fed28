import {
  deviceId,
  Fields,
  isDate,
  isDecimal,
  parseDateTime,
  positionOf,
  type Attributes,
  type Decoded,
} from '../fields.ts';
import type { SuntechSettings } from '../settings.ts';
import { Unsupported } from '../unsupported.ts';

/*
 * ST910 personal tracker reports `ST910;<Location|Emergency|Alert>;DEV_ID;SW_VER;DATE;TIME;LAT;LON;
 * SPD;CRS;FIX;…` (layout inferred from the captured packets in ../shared/vectors and Traccar's
 * reading of them). With protocolType 1 the firmware adds a cell id after TIME and an odometer
 * after FIX, and its Alert drops SW_VER. Where a frame's fields disagree with the setting, the
 * fields win and the frame carries a warning.
 */

const COORDINATE = /^[+-]?\d{1,3}\.\d+$/;

export function decodeSt910(values: readonly string[], s: SuntechSettings): Decoded {
  const f = new Fields(values);
  f.skip();
  const kind = f.next('report type');
  if (kind !== 'Location' && kind !== 'Emergency' && kind !== 'Alert') {
    throw new Unsupported(`ST910 report ${kind.slice(0, 16)} is not handled`);
  }
  const id = deviceId(f.next('device id'));
  const warnings: string[] = [];
  const attributes: Attributes = { type: kind };
  if (kind === 'Emergency') attributes.alarm = 'sos';
  if (!isDate(f.peek())) attributes.versionFw = f.next('software version');
  const timeMs = parseDateTime(f.next('date'), f.next('time'));
  const withCell = !COORDINATE.test(f.peek() ?? '');
  if (withCell !== (s.protocolType === 1)) {
    warnings.push(
      `Suntech ST910: protocolType is ${s.protocolType} but the report ${withCell ? 'carries' : 'has no'} cell id`,
    );
  }
  if (withCell) attributes.cell = f.next('cell');
  const lat = f.decimal('latitude');
  const lon = f.decimal('longitude');
  const speedKmh = f.decimal('speed');
  const course = f.decimal('course');
  const valid = f.next('fix') === '1';
  if (withCell) {
    const odometer = f.optional();
    if (odometer && /^\d+$/.test(odometer)) attributes.odometer = Number(odometer);
  } else if (kind !== 'Emergency' && isDecimal(f.peek()) && f.peek()?.includes('.')) {
    attributes.battery = f.decimal('battery voltage');
  }
  return { id, messages: [positionOf({ timeMs, lat, lon, speedKmh, course, valid }, attributes)], warnings };
}

/**
 * Travel report `<family>HTE;DEV_ID;MODEL;SW_VER;DATE;TIME;…;DRIVER_ID` (ST300 manual, "Hour meter
 * travel event"): a trip summary without a current fix; we keep its time and the driver id, the last field.
 */
export function decodeTravel(values: readonly string[]): Decoded {
  const f = new Fields(values);
  f.skip();
  const id = deviceId(f.next('device id'));
  f.skip(2); // MODEL, SW_VER
  const timeMs = parseDateTime(f.next('date'), f.next('time'));
  const attributes: Attributes = { type: 'HTE' };
  const driver = values[values.length - 1];
  if (driver) attributes.driverUniqueId = driver;
  return { id, messages: [{ kind: 'heartbeat', deviceTimeMs: timeMs, attributes }], warnings: [] };
}
