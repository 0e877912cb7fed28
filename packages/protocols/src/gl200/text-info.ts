import type { TextReport } from './text-envelope.ts';
import { num, type Attributes } from './text-fields.ts';

/**
 * Attributes of the reports that carry no GPS block. INF, VER and GSM have layouts of their own;
 * ACK is an acknowledgement of a command the server sent.
 */
export function infoAttributes(report: TextReport): Attributes {
  if (report.prefix === 'ACK') return acknowledgement(report);
  switch (report.type) {
    case 'INF':
      return report.version === null ? {} : deviceInfo(report.body);
    case 'VER':
      return versions(report.body);
    case 'GSM':
      return servingCell(report.body);
    default:
      return {};
  }
}

/**
 * +ACK:GTxxx (Queclink @Track protocol, each command's "acknowledgement message"): device name,
 * the command's own fields (e.g. the RTO sub command), then the serial number the server put at
 * the end of the command, echoed so the answer can be matched (`commandSerial`).
 */
function acknowledgement(report: TextReport): Attributes {
  const out: Attributes = { result: [`GT${report.type}`, ...report.body.slice(1)].join(',') };
  const serial = report.body.length > 1 ? (report.body[report.body.length - 1] ?? '') : '';
  if (/^[0-9A-Fa-f]{4}$/.test(serial)) out.commandSerial = parseInt(serial, 16);
  return out;
}

/**
 * +RESP:GTINF (Queclink @Track protocol, device information): device name, state, ICCID, CSQ RSSI,
 * CSQ BER, external power supply flag, then a field that is the external power in mV on the
 * vehicle models and the mileage in km on the personal ones, a field the newer vehicle models use
 * for a second supply voltage in mV, backup battery volts, charging, … , last GPS fix time and, on
 * the personal models (five fields between battery volts and fix time), the battery percentage.
 */
function deviceInfo(body: readonly string[]): Attributes {
  const out: Attributes = {};
  const iccid = body[2] ?? '';
  if (/^[0-9A-Fa-f]{18,22}$/.test(iccid)) out.iccid = iccid;
  const rssi = num(body[3]);
  if (rssi !== undefined && rssi !== 99) out.gsm = rssi;
  const x = body[6] ?? '';
  if (/^\d+$/.test(x)) {
    out.power = Number(x) / 1000;
    if (/^\d{4,5}$/.test(body[7] ?? '')) out.power2 = Number(body[7]) / 1000;
  } else if (/^\d+\.\d+$/.test(x)) {
    out.odometer = Math.round(Number(x) * 1000);
  }
  const battery = body[8] ?? '';
  if (/^\d+\.\d+$/.test(battery)) out.battery = Number(battery);
  if (body[9] === '0' || body[9] === '1') out.charge = body[9] === '1';
  const fix = body.findIndex((f, i) => i > 9 && /^\d{14}$/.test(f));
  const level = body[fix + 1] ?? '';
  if (fix === 14 && /^\d{1,3}$/.test(level) && Number(level) <= 100) out.batteryLevel = Number(level);
  return out;
}

/** +RESP:GTVER: device name, device type, firmware version, hardware version. */
function versions(body: readonly string[]): Attributes {
  const out: Attributes = {};
  if (body[1]) out.deviceModel = body[1];
  if (body[2]) out.versionFw = body[2];
  if (body[3]) out.versionHw = body[3];
  return out;
}

/**
 * +RESP:GTGSM: the report that asked for it, then seven groups of MCC, MNC, LAC, cell id, RX level,
 * reserved — six neighbour cells and, last, the serving cell.
 */
function servingCell(body: readonly string[]): Attributes {
  let out: Attributes = {};
  for (let at = 1; at + 6 <= body.length; at += 6) {
    const [mcc = '', mnc = '', lac = '', cell = '', rx = ''] = body.slice(at, at + 5);
    if (!/^\d{3,4}$/.test(mcc) || !/^[0-9A-Fa-f]+$/.test(lac) || !/^[0-9A-Fa-f]+$/.test(cell)) continue;
    out = { mcc: Number(mcc), mnc: Number(mnc), lac: parseInt(lac, 16), cellId: parseInt(cell, 16) };
    if (/^\d+$/.test(rx)) out.rxLevel = Number(rx);
  }
  return out;
}
