/** The protocol version a simulated GL300 announces: device type 1A, protocol 08.00. */
export const GL300_PROTOCOL_VERSION = '1A0800';

export interface Gl200FriInput {
  imei: string;
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  altitude?: number;
  /** GPS accuracy (HDOP); default 1, and 0 when `valid` is false (no current fix). */
  hdop?: number;
  valid?: boolean;
  batteryLevel?: number;
  /** Count number, 0–0xFFFF; default 0. */
  count?: number;
  /** When the report is sent; default `timeMs`. */
  sendTimeMs?: number;
  /** Sent from the device's buffer (`+BUFF:` instead of `+RESP:`). */
  buffered?: boolean;
  version?: string;
}

export interface Gl200HeartbeatInput {
  imei: string;
  timeMs: number;
  count?: number;
  version?: string;
}

/**
 * +RESP:GTFRI as a GL300 sends it (Queclink GL300 @Track protocol, "fixed report information"):
 * device name, report id, report type, number of fixes (1), the GPS block, a Malaysian cell derived
 * from the position, reserved, battery percentage, send time, count number.
 */
export function encodeGl200Fri(fix: Gl200FriInput): Uint8Array {
  const valid = fix.valid ?? true;
  const lac = 0x2000 + (Math.floor(Math.abs(fix.lat) * 20) % 0x1000);
  const cellId = (Math.floor(Math.abs(fix.lat) * 100) * 1000 + Math.floor(Math.abs(fix.lon) * 100)) % 0xffff;
  const fields = [
    `+${fix.buffered ? 'BUFF' : 'RESP'}:GTFRI`,
    fix.version ?? GL300_PROTOCOL_VERSION,
    fix.imei,
    'GL300',
    '0',
    '0',
    '1',
    String(valid ? (fix.hdop ?? 1) : 0),
    fix.speedKmh.toFixed(1),
    String(Math.round(fix.course) % 360),
    (fix.altitude ?? 30).toFixed(1),
    fix.lon.toFixed(6),
    fix.lat.toFixed(6),
    time14(fix.timeMs),
    '0502',
    '0012',
    hex4(lac),
    hex4(cellId),
    '00',
    String(Math.round(fix.batteryLevel ?? 90)),
    time14(fix.sendTimeMs ?? fix.timeMs),
    hex4(fix.count ?? 0),
  ];
  return ascii(`${fields.join(',')}$`);
}

/** The heartbeat a device sends when it has nothing else to say (Queclink @Track protocol, "heartbeat"). */
export function encodeGl200Heartbeat(hb: Gl200HeartbeatInput): Uint8Array {
  const version = hb.version ?? GL300_PROTOCOL_VERSION;
  return ascii(`+ACK:GTHBD,${version},${hb.imei},GL300,${time14(hb.timeMs)},${hex4(hb.count ?? 0)}$`);
}

/** The server's answer to a heartbeat: `+SACK:GTHBD,<protocol version>,<count number>$`. */
export function encodeHeartbeatAck(version: string, count: string): Uint8Array {
  return ascii(`+SACK:GTHBD,${version},${count}$`);
}

function time14(ms: number): string {
  const d = new Date(ms);
  const parts = [d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  return String(d.getUTCFullYear()).padStart(4, '0') + parts.map((v) => String(v).padStart(2, '0')).join('');
}

const hex4 = (v: number): string => (v & 0xffff).toString(16).toUpperCase().padStart(4, '0');

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
