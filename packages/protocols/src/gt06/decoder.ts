import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeResult, NormalizedMessage, ProtocolSession } from '../message.ts';
import { decodeAlarm, decodeAlarm4g, decodeCameraEvent, decodeLbsAlarm4g, decodeLbsStatus } from './alarm-packets.ts';
import { decodeCellAddressRequest, decodeCellsWifi, decodeMultiCell24, decodeWifi33 } from './cell-packets.ts';
import { decodeDeviceStatus, decodeFirmware, decodePeripheral, decodeStatus3 } from './device-status-packets.ts';
import {
  decodeGpsDriver25,
  decodeGpsModules,
  decodeGpsModules4g,
  decodeGpsRfid,
  decodeIButton,
} from './driver-packets.ts';
import { encodeAck, encodeFrame } from './encoder.ts';
import { openEnvelope } from './envelope.ts';
import { UnknownLayout, type Gt06Handler, type Handled } from './handler.ts';
import {
  decodeCommandResponse,
  decodeCommandText,
  decodeInfo,
  decodeObd,
  decodeSerialData,
  decodeTimeRequest,
  decodeTlv,
} from './info-packets.ts';
import {
  decodeGps22,
  decodeGps34,
  decodeGps4g,
  decodeGps4gStatus,
  decodeGpsAltitude,
  decodeGpsDriver,
  decodeGpsLbs,
  decodeGpsLbsWifi,
  decodeGpsOnly,
  decodeGpsWithCells,
} from './location-packets.ts';
import {
  decodeCells,
  decodeCells4g,
  decodeHeartbeat,
  decodeHeartbeatVoltage,
  decodeLogin,
  decodeWifiCount,
  decodeWifiList,
} from './status-packets.ts';

/*
 * Documents cited in this folder: "GT06 protocol" = Concox, GPS Tracker Communication Protocol
 * (GT06) v1.8.1; "GT06N protocol" = the GT06N edition (0x22 positioning, 0x26 alarms, 0x28 cells);
 * "GT03 protocol" = GT03A/B Communication Protocol v1.82 (0x10–0x19); "Concox 4G protocol" = the
 * LTE editions (0xA0–0xA5). Layouts marked "inferred from captures" follow no public document:
 * they were worked out from the captured packets in ../shared/vectors and are the least certain.
 */

/** Protocol number → handler. Packets not listed are rejected as unsupported. */
const HANDLERS: ReadonlyMap<number, Gt06Handler> = new Map([
  [0x01, decodeLogin],
  [0x10, decodeGpsOnly],
  [0x11, decodeGpsOnly],
  [0x12, decodeGpsLbs],
  [0x13, decodeHeartbeat],
  [0x15, decodeCommandText],
  [0x16, decodeAlarm],
  [0x17, (r, ctx) => (ctx.trailerless ? decodeWifiCount(r, ctx) : decodeGpsRfid(r, ctx))],
  [0x18, decodeCells],
  [0x19, decodeLbsStatus],
  [0x1e, decodeGpsWithCells],
  [0x21, decodeCommandResponse],
  [0x22, decodeGps22],
  [0x23, decodeHeartbeatVoltage],
  [0x24, decodeMultiCell24],
  [0x25, decodeGpsDriver25],
  [0x26, decodeAlarm],
  [0x27, decodeAlarm],
  [0x28, decodeCells],
  [0x2c, decodeCellsWifi],
  [0x2e, decodeCells],
  [0x31, decodeGpsAltitude],
  [0x32, decodeGpsLbsWifi],
  [0x33, decodeWifi33],
  [0x34, decodeGps34],
  [0x36, decodeGpsDriver],
  [0x37, decodeGpsModules],
  [0x38, decodeGpsModules4g],
  [0x61, decodeIButton],
  [0x66, decodeObd],
  [0x69, decodeWifiCount],
  [0x70, decodeTlv],
  [0x81, decodeCommandText],
  [0x8a, decodeTimeRequest],
  [0x8c, decodeObd],
  [0x94, decodeInfo],
  [0x95, decodeCameraEvent],
  [0x9b, decodeSerialData],
  [0xa0, decodeGps4g],
  [0xa1, decodeCells4g],
  [0xa2, decodeGps4gStatus],
  [0xa3, decodeStatus3],
  [0xa4, decodeAlarm4g],
  [0xa5, decodeLbsAlarm4g],
  [0xa7, decodeCellAddressRequest],
  [0xf1, decodeDeviceStatus],
  [0xf2, decodePeripheral],
  [0xf3, decodeWifiList],
  [0xfd, decodeFirmware],
]);

/** Packets whose information content is empty by design. */
const CONTENTLESS: ReadonlySet<number> = new Set([0x8a]);

/** Known packets we deliberately do not handle, with the reason given to the caller. */
const UNSUPPORTED: ReadonlyMap<number, string> = new Map([
  [0x2a, 'address request (0x2a): the server does not send addresses'],
]);

export interface Gt06SessionOptions {
  /**
   * 'strict' (default) rejects a frame whose CRC-ITU does not match; 'lenient' accepts it with
   * a warning, for firmwares known to miscompute it.
   */
  crc?: 'strict' | 'lenient';
  /** Firmware variant (e.g. 'SEEWORLD', 'G18') for the packets that differ between models. */
  variant?: string | null;
}

export interface Gt06Session extends ProtocolSession {
  /** The IMEI from the login packet, once seen. */
  readonly imei: string | null;
  setVariant(variant: string | null): void;
}

/**
 * Decoder state for one GT06 connection. Pure: frames in, messages and the reply bytes out;
 * the caller sends the reply only after the messages are committed (ADR 0006). Never throws.
 */
export function createGt06Session(options: Gt06SessionOptions = {}): Gt06Session {
  let imei: string | null = null;
  let variant = options.variant ?? null;
  const strictCrc = (options.crc ?? 'strict') === 'strict';

  function decodeFrame(frame: Uint8Array, now: number | undefined): DecodeResult {
    const envelope = openEnvelope(frame);
    const { type, crc, serial } = envelope;
    // The envelope's list is its own, made for this frame: added to, not copied.
    const warnings = envelope.warnings;
    if (crc && crc.sent !== crc.computed) {
      const reason = `CRC mismatch: frame says ${hex4(crc.sent)}, computed ${hex4(crc.computed)}`;
      if (strictCrc) throw new DecodeError(reason);
      warnings.push(reason);
    }
    const handler = HANDLERS.get(type);
    // Whatever we make of it, a device waits for the echo of a short frame's serial (GT06
    // protocol §4.5); only the long 0x7979 frames go unanswered.
    const ack = serial !== null && !envelope.long ? encodeAck(type, serial) : null;
    if (!handler || (envelope.body.remaining === 0 && !CONTENTLESS.has(type))) {
      const reason = !handler ? (UNSUPPORTED.get(type) ?? `unsupported message type 0x${hex2(type)}`) : 'empty packet';
      return { messages: [], reply: ack, error: `GT06 0x${hex2(type)}: ${reason}`, warnings, unsupported: true };
    }
    const context = {
      type,
      long: envelope.long,
      declaredLength: envelope.declaredLength,
      trailerless: !crc,
      variant,
      receivedAtMs: now,
    };
    let handled: Handled;
    try {
      handled = handler(envelope.body, context);
    } catch (err) {
      if (!(err instanceof UnknownLayout)) throw err;
      return { messages: [], reply: ack, error: `GT06 0x${hex2(type)}: ${err.message}`, warnings, unsupported: true };
    }
    if (handled.imei) imei = handled.imei;
    // The handler's messages are new objects of this frame: the session's IMEI is set on them
    // rather than on a copy of each (one object less per fix).
    const messages: NormalizedMessage[] = handled.messages;
    if (imei) for (const m of messages) if (!m.imei) m.imei = imei;
    const reply =
      handled.replyContent && serial !== null
        ? encodeFrame(type, handled.replyContent, serial)
        : handled.ack
          ? ack
          : null;
    return { messages, reply, error: null, warnings };
  }

  return {
    get imei() {
      return imei;
    },
    setVariant(next) {
      variant = next;
    },
    decode(frame, at = {}) {
      try {
        return decodeFrame(frame, at.receivedAtMs);
      } catch (err) {
        const type = frame.length > 4 ? frame[frame[0] === 0x79 ? 4 : 3] : undefined;
        const where = type === undefined ? 'GT06' : `GT06 0x${hex2(type)}`;
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `${where}: ${reason}`, warnings: [] };
      }
    },
  };
}

const hex2 = (v: number): string => v.toString(16).padStart(2, '0');
const hex4 = (v: number): string => v.toString(16).padStart(4, '0');
