import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeContext, DecodeResult, NormalizedMessage, ProtocolSession, SessionOptions } from '../message.ts';
import { parseFrame } from './header.ts';
import { createDeviceIdentity } from './identity.ts';
import { type Handled, HANDLERS } from './messages.ts';
import { generalResponse, generalResponse2, registerResponse } from './reply.ts';

/*
 * Documents cited in this folder: "JT/T 808-2013" and "JT/T 808-2019", the Chinese transport
 * industry standard "Road transport vehicle satellite positioning system — terminal communication
 * protocol and data format" (sections by number and name). Vendor extensions (Jimi/Concox, AOVX,
 * OBD dongles) follow their vendors' notes where we had them, else the captures in ../shared/vectors.
 */

export interface Jt808Session extends ProtocolSession {
  /** The identifier (terminal phone number) of the device this connection speaks for. */
  readonly imei: string | null;
}

/**
 * Decoder state for one JT/T 808 connection. Frames come un-escaped with their flags (frame.ts).
 * The model (the `setModelOverride` setting, else `options.model`) selects vendor layouts. Pure and
 * never throws: a malformed frame gives `JT808 <what>: <reason>`. Replies follow the standard:
 * 0x8100 to registration, 0x8001 to the messages that ask for a platform general response.
 */
export function createJt808Session(options: SessionOptions = { transport: 'tcp' }): Jt808Session {
  const modelOf = (settings: SessionOptions['settings']) => {
    const override = settings?.['modelOverride'] ?? settings?.['setModelOverride'];
    return typeof override === 'string' && override !== '' ? override : options.model;
  };
  let model = modelOf(options.settings);
  const identity = createDeviceIdentity();
  let platformSerial = 0;

  function decodeBinary(frame: Uint8Array): DecodeResult {
    const { header, body, warnings } = parseFrame(frame);
    const handler = HANDLERS.get(header.type);
    if (!handler) throw new Unsupported(`message 0x${hex4(header.type)} is not supported`);
    if (header.packageIndex !== null && header.packageIndex > 1) {
      throw new Unsupported(
        `package ${header.packageIndex}/${header.packageCount ?? 0} of a split message is not reassembled`,
      );
    }
    const handled: Handled = handler({ header, body, model });
    const messages = identity.tag(header.deviceId, handled.messages);
    let reply: Uint8Array | null = null;
    if (handled.reply === 'general') reply = generalResponse(header, nextSerial());
    else if (handled.reply === 'register') reply = registerResponse(header, nextSerial());
    else if (handled.reply === 'general2') reply = generalResponse2(header, nextSerial());
    return { messages, reply, error: null, warnings: [...warnings, ...handled.warnings] };
  }

  function nextSerial(): number {
    const serial = platformSerial;
    platformSerial = (platformSerial + 1) & 0xffff;
    return serial;
  }

  /** A Jimi text answer `(id,…)`; `BASE,2,TIME` asks for the time, answered with the server's. */
  function decodeText(frame: Uint8Array, context: DecodeContext | undefined): DecodeResult {
    const sentence = String.fromCharCode(...frame);
    const fields = sentence.slice(1, -1).split(',');
    const id = /^\d{6,20}$/.test(fields[0] ?? '') ? (fields[0] ?? '').replace(/^0+(?=.)/, '') : null;
    const timeRequest = sentence.includes('BASE,2');
    const message: NormalizedMessage = { kind: 'heartbeat', attributes: timeRequest ? {} : { result: sentence } };
    let reply: Uint8Array | null = null;
    const warnings: string[] = [];
    if (timeRequest && context?.receivedAtMs !== undefined) {
      const now = new Date(context.receivedAtMs).toISOString().replace(/\D/g, '').slice(0, 14);
      reply = Uint8Array.from(sentence.replace('TIME', now), (c) => c.charCodeAt(0));
    } else if (timeRequest) warnings.push('time request left unanswered: no receive time given');
    return { messages: identity.tag(id, [message]), reply, error: null, warnings };
  }

  return {
    get imei() {
      return identity.imei;
    },
    configure(settings) {
      model = modelOf(settings);
    },
    decode(frame, context) {
      try {
        if (frame[0] === 0x28 && frame[frame.length - 1] === 0x29) return decodeText(frame, context);
        return decodeBinary(frame);
      } catch (err) {
        const where = `JT808 ${describe(frame)}`;
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

const hex4 = (v: number): string => v.toString(16).padStart(4, '0');

/** "0x0200" — the message id when the frame has one, for error messages. */
function describe(frame: Uint8Array): string {
  if (frame[0] === 0x7e && frame.length >= 3) return `0x${hex4(((frame[1] ?? 0) << 8) | (frame[2] ?? 0))}`;
  return 'frame';
}
