import { crc16Ibm } from '../codec/crc16-ibm.ts';
import { CODEC_8E_ID, CODEC_8_ID } from './data.ts';

/** IO values the simulator sends, by their meaning; each becomes its FMB AVL id (see io-map.ts). */
export interface TeltonikaIoInput {
  ignition?: boolean;
  motion?: boolean;
  /** GSM signal level 0–5. */
  gsm?: number;
  din1?: boolean;
  din2?: boolean;
  dout1?: boolean;
  /** External voltage, volts. */
  power?: number;
  /** Internal battery voltage, volts. */
  battery?: number;
  batteryLevel?: number;
  /** Total odometer, metres. */
  odometerM?: number;
  /** Analog input 1 (a fuel level sensor), millivolts. */
  fuelAdcMv?: number;
  hdop?: number;
  /** iButton id, 16 hex digits. */
  driverUniqueId?: string;
  /** Any other element, sent as is. */
  raw?: { id: number; size: 1 | 2 | 4 | 8; value: number }[];
}

export interface TeltonikaRecordInput {
  timeMs: number;
  lat: number;
  lon: number;
  altitude: number;
  course: number;
  satellites: number;
  speedKmh: number;
  /** 0 low (default), 1 high, 2 panic. */
  priority?: number;
  /** The IO id that generated the record; 0 (default) for a periodic record. */
  eventIoId?: number;
  io: TeltonikaIoInput;
}

type Element = { id: number; size: 1 | 2 | 4 | 8; value: number | bigint };

/** The IMEI handshake ("Communication with server"): 2-byte length, then the IMEI in ASCII. */
export function encodeTeltonikaImei(imei: string): Uint8Array {
  if (!/^\d{1,32}$/.test(imei)) throw new RangeError(`not an IMEI: ${imei}`);
  return Uint8Array.from([0, imei.length, ...Array.from(imei, (c) => c.charCodeAt(0))]);
}

/** The server's TCP acknowledgement: the number of records received, 4 bytes big-endian. */
export function encodeTeltonikaAck(count: number): Uint8Array {
  const w = new ByteWriter(4);
  w.uint(count, 4);
  return w.done();
}

/** The record count of a TCP acknowledgement; null for anything else. */
export function decodeTeltonikaAck(bytes: Uint8Array): number | null {
  if (bytes.length !== 4) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
}

/** The UDP acknowledgement ("UDP channel"): length 0005, packet id, 01, AVL packet id, count. */
export function encodeTeltonikaUdpAck(packetId: number, avlPacketId: number, count: number): Uint8Array {
  const w = new ByteWriter(7);
  w.uint(5, 2);
  w.uint(packetId, 2);
  w.u8(0x01);
  w.u8(avlPacketId & 0xff);
  w.u8(Math.min(count, 255));
  return w.done();
}

export function decodeTeltonikaUdpAck(
  bytes: Uint8Array,
): { packetId: number; avlPacketId: number; count: number } | null {
  if (bytes.length !== 7 || bytes[0] !== 0 || bytes[1] !== 5) return null;
  return { packetId: ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0), avlPacketId: bytes[5] ?? 0, count: bytes[6] ?? 0 };
}

/** A codec 8 AVL packet over TCP ("Codec 8"). */
export function encodeCodec8Packet(records: TeltonikaRecordInput[]): Uint8Array {
  return tcpPacket(dataField(CODEC_8_ID, records));
}

/** A codec 8 Extended AVL packet over TCP ("Codec 8 Extended"): 2-byte ids and counts. */
export function encodeCodec8ExtendedPacket(records: TeltonikaRecordInput[]): Uint8Array {
  return tcpPacket(dataField(CODEC_8E_ID, records));
}

export interface TeltonikaUdpOptions {
  packetId: number;
  avlPacketId: number;
  extended?: boolean;
}

/** One UDP datagram ("UDP channel") carrying a codec 8 (or 8 Extended) data field. */
export function encodeTeltonikaUdpDatagram(
  imei: string,
  records: TeltonikaRecordInput[],
  opts: TeltonikaUdpOptions,
): Uint8Array {
  const data = dataField(opts.extended ? CODEC_8E_ID : CODEC_8_ID, records);
  const imeiBytes = encodeTeltonikaImei(imei);
  const w = new ByteWriter();
  w.uint(2 + 1 + 1 + imeiBytes.length + data.length, 2);
  w.uint(opts.packetId, 2);
  w.u8(0x01);
  w.u8(opts.avlPacketId & 0xff);
  w.bytes(imeiBytes);
  w.bytes(data);
  return w.done();
}

function tcpPacket(data: Uint8Array): Uint8Array {
  const w = new ByteWriter(data.length + 12);
  w.uint(0, 4);
  w.uint(data.length, 4);
  w.bytes(data);
  w.uint(0, 2);
  w.uint(crc16Ibm(data, 0, data.length), 2);
  return w.done();
}

function dataField(codec: number, records: TeltonikaRecordInput[]): Uint8Array {
  if (records.length > 255) throw new RangeError(`${records.length} records do not fit one packet`);
  const wide = codec === CODEC_8E_ID ? 2 : 1;
  const w = new ByteWriter(3 + records.length * 64);
  w.u8(codec);
  w.u8(records.length);
  for (const rec of records) record(w, rec, wide);
  w.u8(records.length);
  return w.done();
}

/** One record ("Codec 8", AVL Data), with 1-byte or (8 Extended) 2-byte ids and counts. */
function record(w: ByteWriter, rec: TeltonikaRecordInput, wide: 1 | 2): void {
  const elements = ioElements(rec.io);
  w.uint(rec.timeMs, 8);
  w.u8(rec.priority ?? 0);
  w.int(Math.round(rec.lon * 1e7), 4);
  w.int(Math.round(rec.lat * 1e7), 4);
  w.int(Math.round(rec.altitude), 2);
  w.uint(Math.round(rec.course) % 360, 2);
  w.uint(rec.satellites, 1);
  w.uint(Math.round(rec.speedKmh), 2);
  w.uint(rec.eventIoId ?? 0, wide);
  w.uint(elements.length, wide);
  for (const size of [1, 2, 4, 8] as const) {
    let count = 0;
    for (const e of elements) if (e.size === size) count++;
    w.uint(count, wide);
    for (const e of elements) {
      if (e.size !== size) continue;
      w.uint(e.id, wide);
      w.uint(e.value, size);
    }
  }
  if (wide === 2) w.uint(0, 2); // NX: no variable-length elements
}

function ioElements(io: TeltonikaIoInput): Element[] {
  const out: Element[] = [];
  const add = (id: number, size: Element['size'], value: number | boolean | undefined) => {
    if (value !== undefined) out.push({ id, size, value: Math.round(Number(value)) });
  };
  add(239, 1, io.ignition);
  add(240, 1, io.motion);
  add(21, 1, io.gsm);
  add(1, 1, io.din1);
  add(2, 1, io.din2);
  add(179, 1, io.dout1);
  add(113, 1, io.batteryLevel);
  add(66, 2, io.power === undefined ? undefined : io.power * 1000);
  add(67, 2, io.battery === undefined ? undefined : io.battery * 1000);
  add(9, 2, io.fuelAdcMv);
  add(182, 2, io.hdop === undefined ? undefined : io.hdop * 10);
  add(16, 4, io.odometerM);
  if (io.driverUniqueId !== undefined) {
    if (!/^[0-9a-fA-F]{1,16}$/.test(io.driverUniqueId)) throw new RangeError(`not an iButton id: ${io.driverUniqueId}`);
    out.push({ id: 78, size: 8, value: BigInt(`0x${io.driverUniqueId}`) });
  }
  for (const e of io.raw ?? []) add(e.id, e.size, e.value);
  return out;
}

/** Big-endian bytes into a buffer that grows as needed; every value is range-checked. */
class ByteWriter {
  private buf: Buffer;
  private n = 0;

  constructor(capacity = 64) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  private room(k: number): void {
    if (this.n + k <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.n + k));
    this.buf.copy(next, 0, 0, this.n);
    this.buf = next;
  }

  u8(v: number): void {
    this.uint(v, 1);
  }

  /** Unsigned; throws when `value` does not fit `size` bytes. */
  uint(value: number | bigint, size: number): void {
    this.room(size);
    if (typeof value === 'bigint') {
      if (value < 0n || value >= 1n << BigInt(size * 8)) throw new RangeError(`${value} does not fit ${size} byte(s)`);
      if (size === 8) this.buf.writeBigUInt64BE(value, this.n);
      else this.buf.writeUIntBE(Number(value), this.n, size);
    } else {
      if (!Number.isInteger(value) || value < 0 || value >= 2 ** (size * 8))
        throw new RangeError(`${value} does not fit ${size} byte(s)`);
      if (size === 8) {
        this.buf.writeUInt32BE(Math.floor(value / 2 ** 32), this.n);
        this.buf.writeUInt32BE(value % 2 ** 32, this.n + 4);
      } else this.buf.writeUIntBE(value, this.n, size);
    }
    this.n += size;
  }

  /** Two's complement. */
  int(value: number, size: number): void {
    const half = 2 ** (size * 8 - 1);
    if (!Number.isInteger(value) || value < -half || value >= half)
      throw new RangeError(`${value} does not fit ${size} signed byte(s)`);
    this.uint(value < 0 ? value + 2 * half : value, size);
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }

  done(): Uint8Array {
    return new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.n).slice();
  }
}
