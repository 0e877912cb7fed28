import { alertAttributes, emergencyAttributes } from '../alarms.ts';
import {
  deviceId,
  Fields,
  heartbeatOf,
  parseDateTime,
  parseInt10,
  positionOf,
  type Attributes,
  type Decoded,
} from '../fields.ts';
import { decodeBeacons } from './universal-ble.ts';
import { readSerialData } from './serial.ts';
import { Unsupported } from '../unsupported.ts';

/*
 * Universal protocol text reports `<HDR>;DEV_ID;REP_MAP;…` (Suntech Universal Reporting Guide
 * 1.39–1.102, "Normal (ASCII)" of Status, Alert, Event, Emergency and Serial reports): REP_MAP (hex)
 * says which fields follow, bit by bit: 1 MODEL, 2 SW_VER, 3 MSG_TYPE, 4 DATE, 5 TIME, 6 CELL_ID,
 * 7 MCC, 8 MNC, 9 LAC, 10 RX_LVL, 11 LAT, 12 LON, 13 SPD, 14 CRS, 15 SATT, 16 FIX, 17 IN_STATE,
 * 18 OUT_STATE, 19–21 report specific (STT: MODE, STT_RPT_TYPE, MSG_NUM; ALT/EVT/EMG: id, modifier,
 * data), 22 reserved, 23 ASSIGN_MAP (hex; its set bits say which assigned values follow). UEX puts
 * its serial data (LEN;DATA;CHK_SUM) in place of 19–21. Whatever follows is kept as assign<n>.
 */

const MASKED = new Set(['STT', 'ALT', 'EVT', 'EMG', 'UEX']);

export function decodeUniversal(values: readonly string[]): Decoded {
  const type = values[0] ?? '';
  const f = new Fields(values);
  f.skip();
  const id = deviceId(f.next('device id'));
  if (type === 'ALV') return { id, messages: [heartbeatOf({ type })], warnings: [] };
  if (type === 'RES') return { id, messages: [heartbeatOf({ type, result: f.rest().join(';') })], warnings: [] };
  if (type === 'BLE' || type === 'BSA') return { id, messages: decodeBeacons(type, f), warnings: [] };
  if (!MASKED.has(type)) throw new Unsupported(`report type ${type} is not handled`);

  const mask = f.hex('report map');
  const bit = (n: number): boolean => Math.floor(mask / 2 ** n) % 2 === 1;
  const attributes: Attributes = { type };
  if (bit(1)) attributes.model = f.next('model');
  if (bit(2)) attributes.versionFw = f.next('software version');
  const memory = bit(3) && f.next('message type') === '0';
  let timeMs: number | undefined;
  if (bit(4) && bit(5)) timeMs = parseDateTime(f.next('date'), f.next('time'));
  else if (bit(4) || bit(5)) f.skip();
  if (bit(6)) attributes.cellId = f.hex('cell id');
  if (bit(7)) attributes.mcc = f.int('mcc');
  if (bit(8)) attributes.mnc = f.int('mnc');
  if (bit(9)) attributes.lac = f.hex('lac');
  if (bit(10)) attributes.rssi = f.int('rx level');
  const lat = bit(11) ? f.decimal('latitude') : undefined;
  const lon = bit(12) ? f.decimal('longitude') : undefined;
  const speedKmh = bit(13) ? f.decimal('speed') : undefined;
  const course = bit(14) ? f.decimal('course') : undefined;
  const satellites = bit(15) ? f.int('satellites') : undefined;
  const valid = bit(16) ? f.next('fix') === '1' : true;
  if (bit(17)) inputs(f.next('input state'), attributes);
  if (bit(18)) attributes.output = bits(f.next('output state'), 'output state');
  if (type === 'UEX') readSerialData(f, attributes);
  else readSpecific(type, f, bit, attributes);
  if (bit(22)) f.skip(); // reserved
  if (bit(23) && type !== 'UEX') readAssigned(f, attributes);
  f.rest().forEach((v, i) => {
    if (v) attributes[`assign${i + 1}`] = v;
  });
  if (timeMs === undefined || lat === undefined || lon === undefined) {
    const m = heartbeatOf(attributes, timeMs);
    if (memory) m.memory = true;
    return { id, messages: [m], warnings: [] };
  }
  const fix = { timeMs, lat, lon, valid, speedKmh, course, satellites };
  return { id, messages: [positionOf(fix, attributes, memory)], warnings: [] };
}

function readSpecific(type: string, f: Fields, bit: (n: number) => boolean, attributes: Attributes): void {
  if (type === 'STT') {
    if (bit(19)) attributes.mode = f.int('mode');
    if (bit(20)) attributes.reportType = f.int('report type');
    if (bit(21)) attributes.index = f.int('message number');
    return;
  }
  if (bit(19)) {
    const code = f.int(`${type} id`);
    if (type === 'ALT') Object.assign(attributes, alertAttributes(code));
    else if (type === 'EMG') Object.assign(attributes, emergencyAttributes(code));
    else attributes.event = code;
  }
  if (bit(20)) keep(attributes, 'alertModifier', f.next('modifier'));
  if (bit(21)) keep(attributes, 'alertData', f.next('data'));
}

/** ASSIGN_MAP: a hex mask, then one value per set bit, kept as io<bit + 1>. */
function readAssigned(f: Fields, attributes: Attributes): void {
  const map = f.hex('assign map');
  for (let i = 0; i < 32 && f.remaining > 0; i++) {
    if (Math.floor(map / 2 ** i) % 2 === 1) keep(attributes, `io${i + 1}`, f.next(`assigned value ${i + 1}`));
  }
}

/** IN_STATE: a string of bits, the last one the ignition. */
function inputs(v: string, attributes: Attributes): void {
  const input = bits(v, 'input state');
  attributes.input = input;
  attributes.ignition = input % 2 === 1;
}

/** A state field: a string of `0`/`1` (Universal text) or, from some firmwares, a decimal number. */
function bits(v: string, field: string): number {
  return /^[01]{1,16}$/.test(v) ? parseInt(v, 2) : parseInt10(v, field);
}

function keep(attributes: Attributes, key: string, v: string): void {
  if (v) attributes[key] = v;
}
