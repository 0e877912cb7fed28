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

type Element = { id: number; size: 1 | 2 | 4 | 8; value: bigint };

/** The IMEI handshake ("Communication with server"): 2-byte length, then the IMEI in ASCII. */
export function encodeTeltonikaImei(imei: string): Uint8Array {
  if (!/^\d{1,32}$/.test(imei)) throw new RangeError(`not an IMEI: ${imei}`);
  return Uint8Array.from([0, imei.length, ...Array.from(imei, (c) => c.charCodeAt(0))]);
}

/** The server's TCP acknowledgement: the number of records received, 4 bytes big-endian. */
export function encodeTeltonikaAck(count: number): Uint8Array {
  return Uint8Array.from(uint(BigInt(count), 4));
}

/** The record count of a TCP acknowledgement; null for anything else. */
export function decodeTeltonikaAck(bytes: Uint8Array): number | null {
  if (bytes.length !== 4) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
}

/** The UDP acknowledgement ("UDP channel"): length 0005, packet id, 01, AVL packet id, count. */
export function encodeTeltonikaUdpAck(packetId: number, avlPacketId: number, count: number): Uint8Array {
  return Uint8Array.from([0x00, 0x05, ...uint(BigInt(packetId), 2), 0x01, avlPacketId & 0xff, Math.min(count, 255)]);
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
  const body = [...uint(BigInt(opts.packetId), 2), 0x01, opts.avlPacketId & 0xff, ...imeiBytes, ...data];
  return Uint8Array.from([...uint(BigInt(body.length), 2), ...body]);
}

function tcpPacket(data: number[]): Uint8Array {
  const out = Uint8Array.from([0, 0, 0, 0, ...uint(BigInt(data.length), 4), ...data, 0, 0, 0, 0]);
  const crc = crc16Ibm(out, 8, 8 + data.length);
  out[out.length - 2] = crc >> 8;
  out[out.length - 1] = crc & 0xff;
  return out;
}

function dataField(codec: number, records: TeltonikaRecordInput[]): number[] {
  if (records.length > 255) throw new RangeError(`${records.length} records do not fit one packet`);
  const wide = codec === CODEC_8E_ID ? 2 : 1;
  return [codec, records.length, ...records.flatMap((rec) => record(rec, wide)), records.length];
}

/** One record ("Codec 8", AVL Data), with 1-byte or (8 Extended) 2-byte ids and counts. */
function record(rec: TeltonikaRecordInput, wide: 1 | 2): number[] {
  const elements = ioElements(rec.io);
  const out = [
    ...uint(BigInt(rec.timeMs), 8),
    rec.priority ?? 0,
    ...int(Math.round(rec.lon * 1e7), 4),
    ...int(Math.round(rec.lat * 1e7), 4),
    ...int(Math.round(rec.altitude), 2),
    ...uint(BigInt(Math.round(rec.course) % 360), 2),
    ...uint(BigInt(rec.satellites), 1),
    ...uint(BigInt(Math.round(rec.speedKmh)), 2),
    ...uint(BigInt(rec.eventIoId ?? 0), wide),
    ...uint(BigInt(elements.length), wide),
  ];
  for (const size of [1, 2, 4, 8] as const) {
    const group = elements.filter((e) => e.size === size);
    out.push(...uint(BigInt(group.length), wide));
    for (const e of group) out.push(...uint(BigInt(e.id), wide), ...uint(e.value, size));
  }
  if (wide === 2) out.push(0, 0); // NX: no variable-length elements
  return out;
}

function ioElements(io: TeltonikaIoInput): Element[] {
  const out: Element[] = [];
  const add = (id: number, size: Element['size'], value: number | boolean | undefined) => {
    if (value !== undefined) out.push({ id, size, value: BigInt(Math.round(Number(value))) });
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

/** Big-endian unsigned; throws when `value` does not fit `size` bytes. */
function uint(value: bigint, size: number): number[] {
  if (value < 0n || value >= 1n << BigInt(size * 8)) throw new RangeError(`${value} does not fit ${size} byte(s)`);
  return Array.from({ length: size }, (_, i) => Number((value >> BigInt((size - 1 - i) * 8)) & 0xffn));
}

/** Big-endian two's complement. */
function int(value: number, size: number): number[] {
  const half = 1n << BigInt(size * 8 - 1);
  const v = BigInt(value);
  if (v < -half || v >= half) throw new RangeError(`${value} does not fit ${size} signed byte(s)`);
  return uint(v < 0n ? v + 2n * half : v, size);
}
