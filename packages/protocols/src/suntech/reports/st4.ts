import { DecodeError } from '../../codec/decode-error.ts';
import { deviceId, Fields, heartbeatOf, parseDateTime, positionOf, type Attributes, type Decoded } from '../fields.ts';
import { Unsupported } from '../unsupported.ts';

/*
 * ST410/ST419 (ST4xx family) reports `ST4xxSTT;DEV_ID;SW_VER;MODEL;[VARIANT];7 × cell;BAT_VOLT;
 * MSG_TYPE;MSG_NUM;STATUS;…;DATE;TIME;LAT;LON;SPD;CRS;SATT;FIX` (layout inferred from the captured
 * packets in ../shared/vectors). The serving cell is CELL_ID;MCC;MNC;RX_LVL;LAC;TA, the six
 * neighbours CELL_ID;MCC;MNC;LAC;RX_LVL;TA. Without a GPS fix DATE onwards are empty: a heartbeat.
 */

const MODEL_WITH_VARIANT = 41;

export function decodeSt4(values: readonly string[]): Decoded {
  const head = values[0] ?? '';
  const type = head.slice(-3);
  if (type !== 'STT' && type !== 'ALT') throw new Unsupported(`report type ${head} is not handled`);
  const f = new Fields(values);
  f.skip();
  const id = deviceId(f.next('device id'));
  const attributes: Attributes = { type, versionFw: f.next('software version') };
  const model = f.int('model');
  if (model === MODEL_WITH_VARIANT) f.skip();
  attributes.cellId = f.int('cell id');
  attributes.mcc = f.int('mcc');
  attributes.mnc = f.int('mnc');
  attributes.rssi = f.int('rx level');
  attributes.lac = f.int('lac');
  f.skip(1 + 6 * 6); // timing advance, six neighbour cells
  attributes.battery = f.decimal('battery voltage');
  const memory = f.next('message type') === '0';
  attributes.index = f.int('message number');
  attributes.status = f.int('status');
  if (f.peek()?.length === 3) f.skip(); // collaborative network
  if (model === MODEL_WITH_VARIANT) {
    f.skip(); // collaborative network
    const temp = f.decimal('temperature');
    attributes.temp1 = temp;
    attributes.motion = f.next('motion') === '2';
  }
  if (!f.peek()) {
    const m = heartbeatOf(attributes);
    if (memory) m.memory = true;
    return { id, messages: [m], warnings: [] };
  }
  const timeMs = parseDateTime(f.next('date'), f.next('time'));
  const lat = f.decimal('latitude');
  const lon = f.decimal('longitude');
  const speedKmh = f.decimal('speed');
  const course = f.decimal('course');
  const satellites = f.int('satellites');
  const fix = f.next('fix');
  if (fix !== '0' && fix !== '1') throw new DecodeError(`bad fix "${fix.slice(0, 4)}"`);
  const position = { timeMs, lat, lon, speedKmh, course, satellites, valid: fix === '1' };
  return { id, messages: [positionOf(position, attributes, memory)], warnings: [] };
}
