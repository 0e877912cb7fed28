import { ByteReader } from '../codec/byte-reader.ts';
import { crc16Ibm } from '../codec/crc16-ibm.ts';
import { DecodeError } from '../codec/decode-error.ts';

/*
 * "Teltonika Data Sending Protocols" (wiki.teltonika-gps.com) is the document cited in this
 * folder, by section: "Codec 8", "Codec 8 Extended", "Codec 16", "Codec 12", "Codec 13",
 * "Communication with server", "UDP channel". Codec 7 follows the older GH3000 protocol.
 */

/** One TCP frame, as the framer cut it. */
export type TcpFrame =
  | { kind: 'ping' }
  | { kind: 'imei'; imei: string }
  /** `data` covers codec id … number of data 2 (and, when lenient, whatever follows). */
  | { kind: 'packet'; data: ByteReader; warnings: string[] };

export interface UdpDatagram {
  packetId: number;
  avlPacketId: number;
  imei: string;
  /** From the codec id to the end of the datagram. */
  data: ByteReader;
  warnings: string[];
}

/**
 * Splits a TCP frame ("Communication with server"): the IMEI handshake, the FF network ping,
 * or a packet (preamble 00000000, data field length, data field, CRC-16/IBM over the data field
 * in the last 2 of 4 bytes). When `lenient`, a length or CRC that does not match is a warning
 * and the data field is taken to run to the end of the frame; otherwise it is an error.
 */
export function openTcpFrame(frame: Uint8Array, lenient: boolean): TcpFrame {
  if (frame.length === 1 && frame[0] === 0xff) return { kind: 'ping' };
  if (frame.length < 2) throw new DecodeError(`frame too short (${frame.length} bytes)`);
  if (frame.length >= 4 && frame[0] === 0 && frame[1] === 0 && frame[2] === 0 && frame[3] === 0) {
    return openPacket(frame, lenient);
  }
  const r = new ByteReader(frame);
  const length = r.readU16('IMEI length');
  if (length !== r.remaining) throw new DecodeError(`IMEI length says ${length}, frame has ${r.remaining}`);
  return { kind: 'imei', imei: readImei(r, length) };
}

function openPacket(frame: Uint8Array, lenient: boolean): TcpFrame {
  const r = new ByteReader(frame, 4);
  const declared = r.readU32('data field length');
  const end = 8 + declared;
  const warnings: string[] = [];
  if (frame.length !== end + 4) {
    const reason = `data field length says ${declared}, frame holds ${frame.length - 12}`;
    if (!lenient) throw new DecodeError(reason);
    warnings.push(`${reason}; CRC not checked`);
    if (frame.length <= 8) throw new DecodeError(`frame too short (${frame.length} bytes)`);
    return { kind: 'packet', data: new ByteReader(frame, 8), warnings };
  }
  if (declared === 0) throw new DecodeError('empty data field');
  const sent = r.peekBytes(4, declared, 'CRC');
  const sentCrc = ((sent[0] ?? 0) << 24) | ((sent[1] ?? 0) << 16) | ((sent[2] ?? 0) << 8) | (sent[3] ?? 0);
  const computed = crc16Ibm(frame, 8, end);
  if (sentCrc >>> 0 !== computed) {
    const reason = `CRC mismatch: frame says ${hex(sentCrc >>> 0, 8)}, computed ${hex(computed, 4)}`;
    if (!lenient) throw new DecodeError(reason);
    warnings.push(reason);
  }
  return { kind: 'packet', data: new ByteReader(frame, 8, end), warnings };
}

/**
 * Splits a UDP datagram ("UDP channel"): length of the rest, packet id, a not-usable byte (01),
 * AVL packet id, IMEI length and IMEI, then codec id … number of data 2 with no CRC.
 */
export function openUdpDatagram(frame: Uint8Array, lenient: boolean): UdpDatagram {
  const r = new ByteReader(frame);
  const length = r.readU16('datagram length');
  const warnings: string[] = [];
  if (length !== r.remaining) {
    const reason = `datagram length says ${length}, datagram holds ${r.remaining}`;
    if (!lenient) throw new DecodeError(reason);
    warnings.push(reason);
  }
  const packetId = r.readU16('packet id');
  r.skip(1, 'not usable byte');
  const avlPacketId = r.readU8('AVL packet id');
  const imei = readImei(r, r.readU16('IMEI length'));
  return { packetId, avlPacketId, imei, data: new ByteReader(frame, r.offset), warnings };
}

function readImei(r: ByteReader, length: number): string {
  const at = r.offset;
  const text = String.fromCharCode(...r.readBytes(length, 'IMEI'));
  if (!/^\d{1,32}$/.test(text)) throw new DecodeError('IMEI is not decimal digits', at);
  return text;
}

export function hex(v: number, digits: number): string {
  return v.toString(16).padStart(digits, '0');
}
