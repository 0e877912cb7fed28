import type { Alarm } from '@jejak/domain';
import type { TextReport } from './text-envelope.ts';
import { deviceStatusAttributes, hourMeterMs, num, type Attributes } from './text-fields.ts';

type ReportReader = (pre: readonly string[]) => Attributes;

const alarm =
  (name: Alarm): ReportReader =>
  () => ({ alarm: name });
const ignition =
  (on: boolean): ReportReader =>
  () => ({ ignition: on });

/**
 * Harsh behaviour (+RESP:GTHBM): the report id/type field's second digit is the behaviour —
 * 0 harsh braking, 1 harsh acceleration, 2 harsh turning.
 */
const HARSH: readonly Alarm[] = ['hardBraking', 'hardAcceleration', 'hardCornering'];

/**
 * What each report type means beyond its position (Queclink @Track protocol, one section per
 * report). `pre` holds the fields between the unique id and the first GPS block, starting with
 * the device name. Types not listed are decoded for their position and `event` alone.
 */
const READERS: ReadonlyMap<string, ReportReader> = new Map<string, ReportReader>([
  ['SOS', alarm('sos')],
  ['SPD', alarm('overspeed')],
  ['TOW', alarm('towing')],
  ['GEO', alarm('geofence')],
  ['CRA', alarm('accident')],
  ['JDR', alarm('jamming')],
  ['JDS', alarm('jamming')],
  // Main (external) power removed. GTPFA/GTPNA (the device switched off/on by its key) and GTMPN
  // (power back) are events, not alarms: they keep only `event`.
  ['MPF', alarm('powerCut')],
  ['EPF', alarm('powerCut')],
  ['IGN', ignition(true)],
  ['VGN', ignition(true)],
  ['IGF', ignition(false)],
  ['VGF', ignition(false)],
  ['HBM', (pre) => harsh(pre[pre.length - 2])],
  // Low backup battery: the battery voltage follows the device name.
  ['BPL', (pre) => withNumber({ alarm: 'lowBattery' }, 'battery', num(pre[1]))],
  // Motion state change: the new state follows the device name (1x ignition off, 2x on).
  ['STT', (pre) => motionState(pre[1])],
  // Driver assistance (ADAS) warning: the warning type follows the device name.
  ['DAR', (pre) => withNumber({}, 'warningType', num(pre[1]))],
  // RFID/iButton identification: the id precedes the report type and number.
  ['IDA', (pre): Attributes => (pre[pre.length - 3] ? { driverUniqueId: pre[pre.length - 3] ?? '' } : {})],
  ['BID', accessory],
  ['BAA', accessory],
  // Serial data pass-through: device name, report type, two reserved fields, then the data.
  ['DAT', (pre) => ({ data: pre.slice(4).join(',') })],
  ['CAN', canAttributes],
]);

export function reportAttributes(report: TextReport, pre: readonly string[]): Attributes {
  const attributes: Attributes = { event: `GT${report.type}` };
  if (report.vin) attributes.vin = report.vin;
  return { ...attributes, ...READERS.get(report.type)?.(pre) };
}

function harsh(reportType: string | undefined): Attributes {
  const name = /^\d\d$/.test(reportType ?? '') ? HARSH[Number(reportType?.slice(1))] : undefined;
  return name ? { alarm: name } : {};
}

function motionState(state: string | undefined): Attributes {
  const high = state?.slice(0, 1);
  return high === '1' || high === '2' ? { ignition: high === '2' } : {};
}

/** Bluetooth accessory reports: accessory MAC and its voltage in mV just before the GPS block. */
function accessory(pre: readonly string[]): Attributes {
  const mv = num(pre[pre.length - 1]);
  const mac = pre[pre.length - 2] ?? '';
  return {
    ...(mac ? { accessoryMac: mac } : {}),
    ...withNumber({}, 'accessoryVoltage', mv === undefined ? undefined : mv / 1000),
  };
}

/**
 * +RESP:GTCAN (Queclink CAN100 section): report type, CAN state, a hex mask saying which fields
 * follow, then in mask bit order: 0 VIN, 1 ignition key, 2 total distance ("H" prefix = hectometres,
 * else km), 3 total fuel used (L), 4 RPM, 5 vehicle speed km/h, 6 coolant °C, 7 fuel consumption,
 * 8 fuel level ("P" prefix = percent), 9 range, 10 accelerator pedal, 11 engine hours. Later bits
 * are not read.
 */
function canAttributes(pre: readonly string[]): Attributes {
  const mask = parseInt(pre[3] ?? '', 16);
  if (!/^[0-9A-Fa-f]{1,8}$/.test(pre[3] ?? '')) return {};
  const values = new Map<number, string>();
  let at = 4;
  for (let bit = 0; bit <= 11; bit++) if (mask & (1 << bit)) values.set(bit, pre[at++] ?? '');
  const out: Attributes = {};
  const vin = values.get(0);
  if (vin) out.vin = vin;
  const distance = /^(H?)(\d+(?:\.\d+)?)$/.exec(values.get(2) ?? '');
  if (distance) out.odometer = Math.round(Number(distance[2]) * (distance[1] ? 100 : 1000));
  withNumber(out, 'fuelUsed', num(values.get(3)));
  withNumber(out, 'rpm', num(values.get(4)));
  withNumber(out, 'obdSpeed', num(values.get(5)));
  withNumber(out, 'coolantTemp', num(values.get(6)));
  const level = /^P(\d+(?:\.\d+)?)$/.exec(values.get(8) ?? '');
  if (level) out.fuelLevel = Number(level[1]);
  const hours = num(values.get(11));
  if (hours !== undefined) out.hours = Math.round(hours * 3_600_000);
  return out;
}

/** Reports whose fields after the last GPS block follow +RESP:GTFRI's (the "position related" reports). */
const FRI_FAMILY = new Set(['FRI', 'ERI', 'GEO', 'SPD', 'SOS', 'RTL', 'PNL', 'NMR', 'DIS', 'DOG', 'IGL', 'TOW']);
const DEVICE_STATUS = /^(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{10})$/;
/**
 * GL500M (device type DE) puts CSQ RSSI, CSQ BER and a reserved field between the cell and the
 * battery percentage (inferred from captures).
 */
const BATTERY_AFTER_CELL: Readonly<Record<string, number>> = { DE: 3 };
/**
 * A personal model's trailer is short (a reserved field or two, Wi-Fi or signal data, then the
 * battery); a longer one without a device status is a vehicle model's split status layout (GV200).
 */
const PERSONAL_TRAILER_MAX = 4;

/**
 * The fields after the last GPS block of the FRI-family reports. Vehicle models (GV series) send
 * `<mileage km>,<hour meter>,<analog inputs>,<backup battery %>,<device status>,…` and the external
 * power in mV before the report type; personal models (GL series) end with the battery percentage.
 * The device status field tells the two apart. +RESP:GTERI adds, per its mask, a UART device type
 * after the status; type 1 (digital fuel sensor) is followed by the sensor reading in hex.
 */
export function trailerAttributes(report: TextReport, pre: readonly string[], post: readonly string[]): Attributes {
  if (!FRI_FAMILY.has(report.type)) return {};
  const out: Attributes = {};
  const s = post.findIndex((f, i) => i >= 1 && DEVICE_STATUS.test(f) && /^\d{0,3}$/.test(post[i - 1] ?? 'x'));
  if (s < 0) {
    const at = BATTERY_AFTER_CELL[report.deviceType ?? ''];
    if (at !== undefined) return withPercent(out, post[at]);
    return post.length <= PERSONAL_TRAILER_MAX ? withPercent(out, post[post.length - 1]) : out;
  }
  const mileage = num(post[0]);
  if (mileage !== undefined && post[0]?.includes('.')) out.odometer = Math.round(mileage * 1000);
  const hours = hourMeterMs(post[1]);
  if (hours !== undefined) out.hours = hours;
  withPercent(out, post[s - 1]);
  Object.assign(out, deviceStatusAttributes(post[s] ?? ''));
  const power = pre[pre.length - 3] ?? '';
  if (/^\d{4,5}$/.test(power)) out.power = Number(power) / 1000;
  const mask = report.type === 'ERI' ? parseInt(pre[1] ?? '0', 16) : 0;
  if (mask & 0x01 && post[s + 1] === '1' && /^[0-9A-Fa-f]{4}$/.test(post[s + 2] ?? '')) {
    out.fuel = parseInt(post[s + 2] ?? '', 16);
  }
  return out;
}

function withPercent(out: Attributes, text: string | undefined): Attributes {
  const v = text !== undefined && /^\d{1,3}$/.test(text) ? Number(text) : undefined;
  if (v !== undefined && v <= 100) out.batteryLevel = v;
  return out;
}

function withNumber(out: Attributes, key: string, v: number | undefined): Attributes {
  if (v !== undefined) out[key] = v;
  return out;
}
