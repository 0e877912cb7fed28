import { DecodeError } from '../codec/decode-error.ts';
import type { ByteReader } from '../codec/byte-reader.ts';
import type { DecodeResult, NormalizedMessage, ProtocolSession } from '../message.ts';
import { codecName, decodeData, type DataResult } from './data.ts';
import { encodeTeltonikaAck, encodeTeltonikaUdpAck } from './encoder.ts';
import { openTcpFrame, openUdpDatagram } from './envelope.ts';

/** The IMEI handshake's answer: 01 accepts the device ("Communication with server"). */
const IMEI_ACCEPTED = Uint8Array.of(0x01);

export interface TeltonikaSessionOptions {
  /** 'tcp' (default): framed stream; 'udp': one datagram at a time ("UDP channel"). */
  transport?: 'tcp' | 'udp';
  /** Codec 8 records carry a 16-byte IO group (a device setting; see records.ts). */
  extended?: boolean;
  /**
   * 'strict' (default) rejects a packet whose length, CRC or record counts disagree; 'lenient'
   * accepts it with warnings, for firmwares and captures known to get them wrong.
   */
  crc?: 'strict' | 'lenient';
}

export interface TeltonikaSession extends ProtocolSession {
  /** The IMEI from the handshake (TCP) or the latest datagram (UDP), once seen. */
  readonly imei: string | null;
}

/**
 * Decoder state for one Teltonika connection (TCP) or remote address (UDP). Pure: frames in,
 * messages and reply bytes out; the caller sends the reply only after the messages are
 * committed (ADR 0006). Never throws.
 */
export function createTeltonikaSession(options: TeltonikaSessionOptions = {}): TeltonikaSession {
  const udp = options.transport === 'udp';
  const lenient = options.crc === 'lenient';
  const extended = options.extended ?? false;
  let imei: string | null = null;

  const tag = (messages: NormalizedMessage[]): NormalizedMessage[] =>
    messages.map((m) => (imei && !m.imei ? { ...m, imei } : m));

  function decodeTcp(frame: Uint8Array): DecodeResult {
    const opened = openTcpFrame(frame, lenient);
    switch (opened.kind) {
      case 'ping':
        return ok(tag([{ kind: 'heartbeat', attributes: {} }]), null, []);
      case 'imei':
        imei = opened.imei;
        return ok([{ kind: 'login', imei, attributes: {} }], IMEI_ACCEPTED, []);
      case 'packet': {
        const data = decodeDataField(opened.data, opened.warnings);
        if (data.unsupported) return unsupported(data, opened.warnings);
        const reply = data.ackCount === null ? null : encodeTeltonikaAck(data.ackCount);
        return ok(tag(data.messages), reply, opened.warnings);
      }
    }
  }

  function decodeUdp(frame: Uint8Array): DecodeResult {
    const datagram = openUdpDatagram(frame, lenient);
    const data = decodeDataField(datagram.data, datagram.warnings);
    if (data.unsupported) return unsupported(data, datagram.warnings);
    const login: NormalizedMessage[] =
      datagram.imei === imei ? [] : [{ kind: 'login', imei: datagram.imei, attributes: {} }];
    imei = datagram.imei;
    const reply =
      data.ackCount === null ? null : encodeTeltonikaUdpAck(datagram.packetId, datagram.avlPacketId, data.ackCount);
    return ok([...login, ...tag(data.messages)], reply, datagram.warnings);
  }

  function decodeDataField(r: ByteReader, warnings: string[]): DataResult {
    return decodeData(r, { extended, lenient, warnings });
  }

  return {
    get imei() {
      return imei;
    },
    decode(frame) {
      try {
        return udp ? decodeUdp(frame) : decodeTcp(frame);
      } catch (err) {
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `${where(frame, udp)}: ${reason}`, warnings: [] };
      }
    },
  };
}

function ok(messages: NormalizedMessage[], reply: Uint8Array | null, warnings: string[]): DecodeResult {
  return { messages, reply, error: null, warnings };
}

function unsupported(data: DataResult, warnings: string[]): DecodeResult {
  const error = `Teltonika ${codecName(data.codec)}: ${data.unsupported ?? 'not supported'}`;
  return { messages: [], reply: null, error, warnings, unsupported: true };
}

/** "Teltonika codec 8E" when the frame reaches its codec id, else "Teltonika". */
function where(frame: Uint8Array, udp: boolean): string {
  const imeiLength = ((frame[6] ?? 0) << 8) | (frame[7] ?? 0);
  const at = udp ? 8 + imeiLength : frame.length > 8 && frame[0] === 0 && frame[1] === 0 ? 8 : -1;
  const codec = at >= 0 ? frame[at] : undefined;
  return codec === undefined ? 'Teltonika' : `Teltonika ${codecName(codec)}`;
}
