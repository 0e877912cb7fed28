import { ByteReader } from '../../codec/byte-reader.ts';
import { bytesToHex } from '../../codec/hex.ts';
import { alertAttributes } from '../alarms.ts';
import { heartbeatOf, positionOf, utcMs, type Attributes, type Decoded } from '../fields.ts';

/*
 * Universal protocol compressed reports (Universal Reporting Guide, "Zip (HEX)" of the Status and
 * Alert reports): HDR (0x81 status, 0x82 alert, 0x83… other reports), LEN (u16, bytes after it),
 * DEV_ID (5 bytes, its hex digits are the id), REP_MAP (3 bytes), then the fields of the text
 * report's REP_MAP bits in binary: MODEL u8, SW_VER 3 × u8, MSG_TYPE u8, DATE and TIME 6 × u8,
 * CELL_ID u32, MCC u16, MNC u16, LAC u16, RX_LVL u8, LAT and LON i32 sign-and-magnitude (µdeg),
 * SPD u16 (0.01 km/h), CRS u16 (0.01°), SATT u8, FIX u8, IN_STATE u8, OUT_STATE u8. Status:
 * MODE u8, STT_RPT_TYPE u8, MSG_NUM u16; alert: ALERT_ID u8, ALERT_MOD u16, and for alert 59
 * (driver id) ALERT_DATA of 8 bytes. What follows we have no layout for and leave alone.
 */

const STATUS = 0x81;
const ALERT = 0x82;
const DRIVER_ID_ALERT = 59;

export function decodeBinary(frame: Uint8Array): Decoded {
  const r = new ByteReader(frame);
  const header = r.readU8('header');
  r.readU16('length');
  const id = bytesToHex(r.readBytes(5, 'device id'));
  const mask = r.readUInt(3, 'report map');
  const bit = (n: number): boolean => ((mask >> n) & 1) === 1;
  const attributes: Attributes = {
    type: header === STATUS ? 'STT' : header === ALERT ? 'ALT' : `0x${header.toString(16)}`,
  };
  if (bit(1)) attributes.model = r.readU8('model');
  if (bit(2)) attributes.versionFw = Array.from(r.readBytes(3, 'software version')).join('.');
  const memory = bit(3) && r.readU8('message type') === 0;
  let timeMs: number | undefined;
  if (bit(4) && bit(5)) {
    const [y, mo, d, h, mi, s] = Array.from(r.readBytes(6, 'date/time'));
    timeMs = utcMs(2000 + (y ?? 0), mo ?? 0, d ?? 0, h ?? 0, mi ?? 0, s ?? 0);
  }
  if (bit(6)) attributes.cellId = r.readU32('cell id');
  if (bit(7)) attributes.mcc = r.readU16('mcc');
  if (bit(8)) attributes.mnc = r.readU16('mnc');
  if (bit(9)) attributes.lac = r.readU16('lac');
  if (bit(10)) attributes.rssi = r.readU8('rx level');
  const lat = bit(11) ? signMagnitude(r.readU32('latitude')) / 1e6 : undefined;
  const lon = bit(12) ? signMagnitude(r.readU32('longitude')) / 1e6 : undefined;
  const speedKmh = bit(13) ? r.readU16('speed') / 100 : undefined;
  const course = bit(14) ? r.readU16('course') / 100 : undefined;
  const satellites = bit(15) ? r.readU8('satellites') : undefined;
  const valid = bit(16) ? r.readU8('fix') > 0 : true;
  if (bit(17)) {
    const input = r.readU8('input state');
    attributes.input = input;
    attributes.ignition = (input & 1) === 1;
  }
  if (bit(18)) attributes.output = r.readU8('output state');
  if (header === STATUS) {
    if (bit(19)) attributes.mode = r.readU8('mode');
    if (bit(20)) attributes.reportType = r.readU8('report type');
    if (bit(21)) attributes.index = r.readU16('message number');
  } else if (header === ALERT) {
    const code = bit(19) ? r.readU8('alert id') : 0;
    if (bit(19)) Object.assign(attributes, alertAttributes(code));
    if (bit(20)) attributes.alertModifier = r.readU16('alert modifier');
    if (bit(21) && code === DRIVER_ID_ALERT) attributes.driverUniqueId = bytesToHex(r.readBytes(8, 'driver id'));
  }
  if (timeMs === undefined || lat === undefined || lon === undefined) {
    return { id, messages: [heartbeatOf(attributes, timeMs)], warnings: [] };
  }
  const fix = { timeMs, lat, lon, valid, speedKmh, course, satellites };
  return { id, messages: [positionOf(fix, attributes, memory)], warnings: [] };
}

/** Bit 31 is the sign, the rest the magnitude. */
function signMagnitude(v: number): number {
  return v >= 0x80000000 ? -(v - 0x80000000) : v;
}
