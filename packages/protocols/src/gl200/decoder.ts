import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeResult, ProtocolSession } from '../message.ts';
import { decodeBinaryReport, UnsupportedBinary } from './binary.ts';
import { decodeRecordFrame } from './binary-records.ts';
import { createDeviceIdentity } from './identity.ts';
import { decodeTextReport, type Decoded } from './text-decoder.ts';

/*
 * Documents cited in this folder: "Queclink @Track protocol" = the @Track Air Interface Protocol
 * of the GL200/GL300 (personal) and GV200/GV300/GV500 (vehicle) editions, whose text reports share
 * one message format; "Queclink CAN100" = its CAN report section. The binary reports follow no
 * document we had: their layout is inferred from the captured packets in ../shared/vectors.
 */

const TEXT_HEAD = /^\+(?:RESP|BUFF|ACK|SACK):/;

export interface Gl200Session extends ProtocolSession {
  /** The IMEI of the device this connection speaks for, once a frame has named it. */
  readonly imei: string | null;
}

/**
 * Decoder state for one Queclink connection: text (`+RESP:…$`) and binary (`+RSP…`) frames alike.
 * Pure: frames in, messages and reply bytes out; the only reply is the heartbeat acknowledgement,
 * which the caller sends after the messages are committed (ADR 0006). Never throws.
 */
export function createGl200Session(): Gl200Session {
  const identity = createDeviceIdentity();

  function decodeFrame(frame: Uint8Array): DecodeResult {
    const head = String.fromCharCode(...frame.subarray(0, 6));
    let decoded: Decoded;
    if (TEXT_HEAD.test(head)) decoded = decodeTextReport(String.fromCharCode(...frame));
    else if (/^\+[A-Z]{3}/.test(head)) decoded = decodeBinaryReport(frame);
    else if (frame[0] === 0x2b && frame[1] === 0x00) decoded = decodeRecordFrame(frame);
    else throw new DecodeError('not a Queclink report: expected +RESP:, +BUFF:, +ACK: or a binary header');
    const messages = identity.tag(decoded.imei, decoded.messages, decoded.login);
    return { messages, reply: decoded.reply, error: null, warnings: decoded.warnings };
  }

  return {
    get imei() {
      return identity.imei;
    },
    decode(frame) {
      try {
        return decodeFrame(frame);
      } catch (err) {
        const where = `Queclink ${describe(frame)}`;
        if (err instanceof UnsupportedBinary) {
          return { messages: [], reply: null, error: `${where}: ${err.message}`, warnings: [], unsupported: true };
        }
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `${where}: ${reason}`, warnings: [] };
      }
    },
  };
}

/** "+RESP:GTFRI" or "+RSP" — the frame's head as far as it is printable, for error messages. */
function describe(frame: Uint8Array): string {
  const text = /^\+[A-Z]+(?::GT[A-Z0-9]{3})?/.exec(String.fromCharCode(...frame.subarray(0, 12)));
  return text ? text[0] : 'frame';
}
