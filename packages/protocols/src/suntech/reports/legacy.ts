import { alertAttributes, emergencyAttributes } from '../alarms.ts';
import {
  deviceId,
  Fields,
  heartbeatOf,
  isDate,
  parseDateTime,
  positionOf,
  type Attributes,
  type Decoded,
} from '../fields.ts';
import { readLegacyTail } from './legacy-tail.ts';
import { readSerialData } from './serial.ts';
import type { SuntechSettings } from '../settings.ts';
import { Unsupported } from '../unsupported.ts';

/*
 * Legacy reports `<family><type>;…` of the SA200, ST300/340, ST500 and ST600 families (ST300/340
 * operation manual LATAM 1.41, section 6 "Reporting to server", Normal strings; ST600 user manual).
 * The layouts differ by family in three places, recognised from the fields themselves rather than
 * from the family name: a MODEL field before SW_VER (ST300, ST500, ST600, not SA200), a CELL field
 * after TIME (not ST500), and MCC;MNC;LAC;RX_LVL after it (ST600).
 */

const POSITION_TYPES = new Set(['STT', 'EMG', 'EVT', 'ALT', 'UEX']);
const COORDINATE = /^[+-]?\d{1,3}\.\d+$/;

export function decodeLegacy(values: readonly string[], s: SuntechSettings): Decoded {
  const head = values[0] ?? '';
  const type = head.slice(-3);
  const f = new Fields(values);
  f.skip();
  if (type === 'CMD' && f.peek() === 'Res') {
    f.skip();
    const id = deviceId(f.next('device id'));
    return { id, messages: [heartbeatOf({ type, result: f.rest().join(';') })], warnings: [] };
  }
  const id = deviceId(f.next('device id'));
  if (type === 'ALV') return { id, messages: [heartbeatOf({ type })], warnings: [] };
  if (!POSITION_TYPES.has(type)) throw new Unsupported(`report type ${head} is not handled`);

  const attributes: Attributes = { type };
  if (!isDate(f.peek(1))) attributes.model = f.next('model');
  attributes.versionFw = f.next('software version');
  const timeMs = parseDateTime(f.next('date'), f.next('time'));
  readCell(f, attributes);
  const lat = f.decimal('latitude');
  const lon = f.decimal('longitude');
  const speedKmh = f.decimal('speed');
  const course = f.decimal('course');
  const satellites = f.int('satellites');
  const valid = f.next('fix') === '1';
  attributes.odometer = f.int('distance');
  attributes.power = f.decimal('power voltage');
  ioAttributes(f.next('I/O'), attributes);
  switch (type) {
    case 'STT':
      attributes.mode = f.int('mode');
      attributes.index = f.int('message number');
      break;
    case 'EMG':
      Object.assign(attributes, emergencyAttributes(f.int('emergency id')));
      break;
    case 'EVT':
      attributes.event = f.int('event id');
      if (s.hbm > 0 && withModeAndIndex(f))
        Object.assign(attributes, { mode: f.int('mode'), index: f.int('message number') });
      break;
    case 'ALT':
      Object.assign(attributes, alertAttributes(f.int('alert id')));
      break;
    default:
      readSerialData(f, attributes);
  }
  const memory = readLegacyTail(f, s, attributes);
  const fix = { timeMs, lat, lon, speedKmh, course, satellites, valid };
  return { id, messages: [positionOf(fix, attributes, memory)], warnings: [] };
}

/**
 * Newer ST300 firmwares add MODE;MSG_NUM after EVT_ID (captured: `…;2;1;9498;079324;4.3;1`), which
 * the manual's EVT does not have: seen from where BCK_VOLT, the first decimal of the trailer, falls.
 */
function withModeAndIndex(f: Fields): boolean {
  const decimalAt = (i: number): boolean => /^\d+\.\d+$/.test(f.peek(i) ?? '');
  return !decimalAt(1) && decimalAt(3);
}

/** CELL (hex) and, on the ST600, MCC;MNC;LAC (hex);RX_LVL; nothing on the ST500. */
function readCell(f: Fields, attributes: Attributes): void {
  if (COORDINATE.test(f.peek() ?? '')) return;
  if (!COORDINATE.test(f.peek(1) ?? '') && COORDINATE.test(f.peek(5) ?? '')) {
    attributes.cellId = f.hex('cell id');
    attributes.mcc = f.int('mcc');
    attributes.mnc = f.int('mnc');
    attributes.lac = f.hex('lac');
    attributes.rssi = f.int('rx level');
    return;
  }
  f.skip(); // CELL: LAC (hex) + BSIC, as one string
}

/** I/O: ignition, input 1–3, output 1–2 as `0`/`1` characters (more on some models). */
export function ioAttributes(io: string, attributes: Attributes): void {
  if (io.length < 6 || !/^[01]+$/.test(io)) return;
  attributes.ignition = io[0] === '1';
  for (let i = 1; i <= 3; i++) attributes[`in${i}`] = io[i] === '1';
  for (let i = 1; i <= 2; i++) attributes[`out${i}`] = io[i + 3] === '1';
}
