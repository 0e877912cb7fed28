import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeResult, NormalizedMessage, ProtocolSession } from '../message.ts';
import { BINARY_START, BINARY_START_X, decodeBinary } from './binary.ts';
import { encodeH02Reply } from './encoder.ts';
import type { Decoded } from './fields.ts';
import { textHandler } from './text.ts';
import { splitText, TEXT_START, type TextFrame } from './text-frame.ts';

/*
 * Documents cited in this folder: "H02 protocol" = the GPS tracker communication protocol of
 * the H02 family (TK/ST-90x trackers): §3 is the tracker's feedback messages (the V1 general
 * message, the V4 confirmation and the vehicle_status table); the binary data format packs the
 * V1 message as BCD. Layouts marked "inferred from captures" follow no document we have.
 */

/** What the gateway knows about a frame besides its bytes. */
export interface H02DecodeContext {
  /**
   * When the frame arrived (epoch ms). Dates fixes that carry no time of their own and goes
   * into the heartbeat answer. Without it such fixes keep no `deviceTimeMs` (the pipeline then
   * uses its receive time) and heartbeats are not answered.
   */
  receivedAtMs?: number;
}

export interface H02Session extends ProtocolSession {
  /** The id of the device this session last heard from. */
  readonly deviceId: string | null;
  decode(frame: Uint8Array, context?: H02DecodeContext): DecodeResult;
}

/**
 * Decoder state for one TCP connection or one UDP remote address. H02 has no login packet:
 * every report carries the device id. The first report of a new id therefore identifies the
 * device: a report without a location becomes the `login` message itself (keeping its
 * attributes), and a position is preceded by a bare `login`. Every message carries the id as
 * `imei`. Pure and never throws; replies are for the caller to send after commit (ADR 0006).
 */
export function createH02Session(): H02Session {
  let deviceId: string | null = null;

  function identify(id: string, messages: NormalizedMessage[]): NormalizedMessage[] {
    const tagged = messages.map((m): NormalizedMessage => ({ ...m, imei: id }));
    if (id === deviceId) return tagged;
    deviceId = id;
    const [first, ...rest] = tagged;
    if (first && first.latitude === undefined) return [{ ...first, kind: 'login' }, ...rest];
    return [{ kind: 'login', imei: id, attributes: {} }, ...tagged];
  }

  function finish(id: string, decoded: Decoded, reply: Uint8Array | null, context: H02DecodeContext): DecodeResult {
    const warnings = [...decoded.warnings];
    const messages = decoded.messages.map((m) => {
      if (m.latitude === undefined || m.deviceTimeMs !== undefined) return m;
      if (context.receivedAtMs === undefined) {
        warnings.push('fix without a time: left to be dated on receipt');
        return m;
      }
      warnings.push('fix without a time: dated on receipt');
      return { ...m, deviceTimeMs: context.receivedAtMs };
    });
    return { messages: identify(id, messages), reply, error: null, warnings };
  }

  function decodeText(sent: TextFrame, context: H02DecodeContext): DecodeResult {
    // Seen once: `*HQ,,V1,…` from a unit whose connection already named it; it is that unit.
    if (sent.id === '' && deviceId === null) throw new DecodeError('missing device id');
    const text = sent.id === '' && deviceId !== null ? { ...sent, id: deviceId } : sent;
    const handler = textHandler(text.type);
    if (!handler) {
      const reason = text.type === '' ? 'report without a type' : 'unsupported report type';
      return { messages: [], reply: null, error: `${where(text)}: ${reason}`, warnings: [], unsupported: true };
    }
    const decoded = handler(text);
    if (sent.id === '') decoded.warnings.push('report without a device id: taken as the device of this connection');
    let reply: Uint8Array | null = null;
    if (decoded.wantsReply && context.receivedAtMs !== undefined) {
      reply = encodeH02Reply(text.maker, text.id, text.type, context.receivedAtMs);
    } else if (decoded.wantsReply) {
      decoded.warnings.push(`${text.type} not answered: the answer needs the receive time`);
    }
    return finish(text.id, decoded, reply, context);
  }

  return {
    get deviceId() {
      return deviceId;
    },
    decode(frame, context = {}) {
      let at = 'H02';
      try {
        if (frame[0] === TEXT_START) {
          const text = splitText(frame);
          at = where(text);
          return decodeText(text, context);
        }
        if (frame[0] === BINARY_START || frame[0] === BINARY_START_X) {
          at = 'H02 binary';
          const { id, message } = decodeBinary(frame);
          return finish(id, { messages: [message], warnings: [] }, null, context);
        }
        const head = frame[0] === undefined ? 'nothing' : `0x${frame[0].toString(16).padStart(2, '0')}`;
        throw new DecodeError(`not an H02 frame: starts with ${head}, expected * or $`);
      } catch (err) {
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `${at}: ${reason}`, warnings: [] };
      }
    },
  };
}

const where = (text: TextFrame): string => (text.type === '' ? 'H02' : `H02 ${text.type}`);
