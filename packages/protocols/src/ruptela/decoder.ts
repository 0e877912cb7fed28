import { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeResult, NormalizedMessage, ProtocolSession } from '../message.ts';
import { crc16Kermit } from './crc.ts';
import { encodeRuptelaPacket } from './encoder.ts';
import * as m from './messages.ts';
import { CMD_EXTENDED_RECORDS, CMD_RECORDS, readRecords } from './records.ts';

/*
 * Documents cited in this folder: "Ruptela protocol" = Ruptela's device protocol for the FM-Eco4,
 * FM-Pro4 and FM-Tco4 families (versions 1.60 to 1.103 agree on what we read): "Packet
 * structure", "Records", "Extended records", "Commands" and the IO parameter list. Layouts marked
 * "inferred from the captures" follow no section we had.
 */

/** The server's answers: command id + 100, payload 01 = accepted ("Commands"). */
const ACK_RECORDS = 0x64;

export interface RuptelaSession extends ProtocolSession {
  /** The IMEI of the device this connection speaks for, once a packet has named it. */
  readonly imei: string | null;
}

interface Decoded {
  messages: NormalizedMessage[];
  reply: Uint8Array | null;
}

/**
 * Decoder state for one Ruptela connection. Every packet carries the IMEI (an 8-byte integer);
 * the first packet naming a new one identifies the device: a packet without a location becomes
 * the `login` itself (keeping its attributes), anything else gets a bare `login` in front.
 * Records, identification, heartbeats and DTCs are acknowledged; the caller sends the reply after
 * commit (ADR 0006). Pure; never throws.
 */
export function createRuptelaSession(): RuptelaSession {
  let current: string | null = null;

  function identify(imei: string, messages: NormalizedMessage[]): NormalizedMessage[] {
    const tagged = messages.map((msg): NormalizedMessage => ({ ...msg, imei }));
    if (imei === current) return tagged;
    current = imei;
    const [first, ...rest] = tagged;
    if (first?.kind === 'heartbeat' && first.latitude === undefined) return [{ ...first, kind: 'login' }, ...rest];
    return [{ kind: 'login', imei, attributes: {} }, ...tagged];
  }

  function decodeFrame(frame: Uint8Array): DecodeResult {
    const warnings: string[] = [];
    if (frame.length < 13) throw new DecodeError(`packet of ${frame.length} bytes is too short`);
    const crc = ((frame[frame.length - 2] ?? 0) << 8) | (frame[frame.length - 1] ?? 0);
    const computed = crc16Kermit(frame, 2, frame.length - 2);
    if (crc !== computed) throw new DecodeError(`CRC ${hex4(crc)} does not match ${hex4(computed)}`);
    const length = ((frame[0] ?? 0) << 8) | (frame[1] ?? 0);
    // Some firmwares send a wrong length with a right CRC over the whole packet (captures 7, 9).
    if (length !== frame.length - 4) warnings.push(`length field ${length} but ${frame.length - 4} payload bytes`);
    const r = new ByteReader(frame, 2, frame.length - 2);
    const imei = readImei(r);
    const command = r.readU8('command id');
    const decoded = decodeCommand(r, command);
    return { messages: identify(imei, decoded.messages), reply: decoded.reply, error: null, warnings };
  }

  return {
    get imei() {
      return current;
    },
    decode(frame) {
      try {
        return decodeFrame(frame);
      } catch (err) {
        const where = frame.length > 10 ? `Ruptela command 0x${hex2(frame[10] ?? 0)}` : 'Ruptela packet';
        if (err instanceof Unsupported) {
          return { messages: [], reply: null, error: `${where}: ${err.message}`, warnings: [], unsupported: true };
        }
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `${where}: ${reason}`, warnings: [] };
      }
    },
  };
}

class Unsupported extends Error {}

function decodeCommand(r: ByteReader, command: number): Decoded {
  switch (command) {
    case CMD_RECORDS:
    case CMD_EXTENDED_RECORDS:
      return { messages: readRecords(r, command), reply: encodeRuptelaPacket(ACK_RECORDS, [1]) };
    case m.CMD_IDENTIFICATION:
      return { messages: [m.readIdentification(r)], reply: encodeRuptelaPacket(command + 100, [1]) };
    case m.CMD_HEARTBEAT:
      r.readRest();
      return { messages: [{ kind: 'heartbeat', attributes: {} }], reply: encodeRuptelaPacket(command + 100, [1]) };
    case m.CMD_DTCS:
      return { messages: m.readDtcs(r), reply: encodeRuptelaPacket(command + 100, [1]) };
    case m.CMD_CONFIGURATION:
    case m.CMD_VERSION:
    case m.CMD_FIRMWARE:
    case m.CMD_SMS_RESPONSE:
      return { messages: [m.readTextResponse(r, command)], reply: null };
    case m.CMD_SET_IO:
      return { messages: [m.readSetIoResponse(r)], reply: null };
    case m.CMD_FILES:
      throw new Unsupported('file transfer (camera pictures) is not supported');
    default:
      throw new Unsupported('command id is not supported');
  }
}

/** The IMEI: an 8-byte unsigned integer, printed as 15 digits (zero-padded). */
function readImei(r: ByteReader): string {
  const hi = r.readU32('IMEI');
  const lo = r.readU32('IMEI');
  const value = BigInt(hi) * 0x100000000n + BigInt(lo);
  if (value === 0n || value > 99_999_999_999_999_999n) throw new DecodeError(`IMEI ${value} is out of range`);
  return value.toString().padStart(15, '0');
}

const hex2 = (v: number): string => v.toString(16).padStart(2, '0');
const hex4 = (v: number): string => v.toString(16).padStart(4, '0');
