import type { Attributes, Fields } from '../fields.ts';
import { isDecimal, parseDecimal, parseInt10 } from '../fields.ts';
import type { SuntechSettings } from '../settings.ts';

/**
 * The optional trailer of legacy reports. With HBM_STT set (ST300/340 operation manual LATAM 1.41,
 * STT/ALT "Normal": "H_METER/BCK_VOLT/MSG_TYPE included only when HBM_STT is 1"): H_METER
 * (minutes), BCK_VOLT, MSG_TYPE (1 real time, 0 stored). Then, by model (the manual's notes: ADC,
 * RPM on the ST300H, DID/DID_REG on the ST300H/A/K, temperature sensors) and so by device setting,
 * in the order the captures show: three ADC values, RPM, driver id and its registration flag, three
 * `serial:value` temperatures, and with hbm 2 a serving cell. Returns whether the report was stored.
 */
export function readLegacyTail(f: Fields, s: SuntechSettings, attributes: Attributes): boolean {
  if (s.hbm === 0) return false;
  let memory = false;
  const hours = f.optional();
  if (hours) attributes.hours = parseInt10(hours, 'hour meter') * 60_000;
  const battery = f.optional();
  if (battery) attributes.battery = parseDecimal(battery, 'backup voltage');
  if (f.optional() === '0') memory = true;
  if (s.includeAdc) {
    for (let i = 1; i <= 3; i++) {
      const v = f.optional();
      if (v) attributes[`adc${i}`] = parseDecimal(v, `adc${i}`);
    }
  }
  if (s.includeRpm) {
    const rpm = f.optional();
    if (rpm) attributes.rpm = parseInt10(rpm, 'rpm');
  }
  if (f.remaining >= (s.hbm === 1 ? 2 : 7)) {
    const driver = f.next('driver id');
    if (driver) attributes.driverUniqueId = driver;
    f.skip(); // DID_REG
  }
  if (s.includeTemp) readTemperatures(f, attributes);
  if (s.hbm === 2 && f.remaining >= 5) readCell(f, attributes);
  return memory;
}

function readTemperatures(f: Fields, attributes: Attributes): void {
  for (let i = 1; i <= 3; i++) {
    const sensor = f.optional() ?? '';
    const value = sensor.slice(sensor.indexOf(':') + 1);
    if (isDecimal(value)) attributes[`temp${i}`] = Number(value);
  }
}

/** CELL_ID; MCC; MNC; RX_LVL; LAC (decimal), the hbm 2 trailer. */
function readCell(f: Fields, attributes: Attributes): void {
  const cellId = f.int('cell id');
  const mcc = f.int('mcc');
  const mnc = f.int('mnc');
  const rssi = f.int('rx level');
  const lac = f.int('lac');
  Object.assign(attributes, { cellId, mcc, mnc, rssi, lac });
}
