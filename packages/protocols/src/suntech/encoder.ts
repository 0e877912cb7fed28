/** A simulated Universal device's status report (tests and the simulator). */
export interface SuntechSttInput {
  /** DEV_ID: 10 digits on Universal devices. */
  id: string;
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  satellites?: number;
  valid?: boolean;
  ignition?: boolean;
  /** MSG_NUM, 0–9999. */
  index?: number;
  /** Sent from the device's memory (MSG_TYPE 0). */
  stored?: boolean;
  model?: number;
  version?: string;
}

/** REP_MAP of the reports we simulate: bits 0–21, every field up to MSG_NUM. */
const STT_MAP = '3FFFFF';

/**
 * `STT;…\r` as a Universal device sends it (Universal Reporting Guide, Status report, Normal):
 * REP_MAP 3FFFFF, a Malaysian cell, inputs with the ignition as the last bit, MODE 1, STT_RPT_TYPE 1.
 */
export function encodeSuntechStt(r: SuntechSttInput): Uint8Array {
  const valid = r.valid ?? true;
  const fields = [
    'STT',
    r.id,
    STT_MAP,
    String(r.model ?? 95),
    r.version ?? '1.0.11',
    r.stored ? '0' : '1',
    ...dateTime(r.timeMs),
    '0000A1B2',
    '502',
    '12',
    '2F19',
    '24',
    signed(r.lat, 2),
    signed(r.lon, 3),
    r.speedKmh.toFixed(2),
    r.course.toFixed(2),
    String(r.satellites ?? (valid ? 9 : 0)),
    valid ? '1' : '0',
    r.ignition ? '00000001' : '00000000',
    '00000000',
    '1',
    '1',
    String(r.index ?? 1),
  ];
  return ascii(`${fields.join(';')}\r`);
}

/** `+03.139000` / `+101.686900`: sign, zero-padded degrees, six decimals. */
function signed(v: number, digits: number): string {
  const [whole = '0', frac = '0'] = Math.abs(v).toFixed(6).split('.');
  return `${v < 0 ? '-' : '+'}${whole.padStart(digits, '0')}.${frac}`;
}

function dateTime(ms: number): [string, string] {
  const d = new Date(ms);
  const p = (v: number) => String(v).padStart(2, '0');
  return [
    `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}`,
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`,
  ];
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
}
