import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeResult, NormalizedMessage, ProtocolSession } from '../message.ts';
import { decodeCcc, decodeCce } from './binary-report.ts';
import { openEnvelope, type MeitrackEnvelope } from './envelope.ts';
import { createDeviceIdentity } from './identity.ts';
import { decodeAaa, decodeCommandResult } from './text-report.ts';

/*
 * Documents cited in this folder: "Meitrack GPRS protocol" = MEITRACK GPRS Protocol (the MVT/T1/
 * MT90 edition: command format, AAA report, event codes, CCC binary data) and "Meitrack CCE
 * protocol" = its later binary report (T366/T399/MT90G editions). Layouts marked "inferred from
 * captures" follow no public document: they were worked out from the captured packets in
 * ../shared/vectors and are the least certain.
 */

/** Commands we recognise but do not decode, with the reason given to the caller. */
const UNSUPPORTED: ReadonlyMap<string, string> = new Map([
  ['D00', 'picture transfer (D00): the server does not collect photos'],
]);

export interface MeitrackSessionOptions {
  /**
   * 'strict' (default) rejects a frame whose checksum does not match; 'lenient' accepts it with a
   * warning, for firmwares known to miscompute it (a few captured vectors need it).
   */
  checksum?: 'strict' | 'lenient';
}

export interface MeitrackSession extends ProtocolSession {
  /** The IMEI of the device this connection speaks for, once a frame has named it. */
  readonly imei: string | null;
}

/**
 * Decoder state for one Meitrack connection. Pure: frames in, messages out. Meitrack devices
 * expect no acknowledgement of their reports, so `reply` is always null. Never throws.
 */
export function createMeitrackSession(options: MeitrackSessionOptions = {}): MeitrackSession {
  const identity = createDeviceIdentity();
  const strict = (options.checksum ?? 'strict') === 'strict';

  function decodeFrame(frame: Uint8Array): DecodeResult {
    const envelope = openEnvelope(frame);
    const warnings = [...envelope.warnings];
    const { sent, computed } = envelope.checksum;
    if (sent !== computed) {
      const reason = `checksum mismatch: frame says ${hex2(sent)}, computed ${hex2(computed)}`;
      if (strict) throw new DecodeError(reason);
      warnings.push(reason);
    }
    const unsupported =
      UNSUPPORTED.get(envelope.command) ??
      (DECODERS.has(envelope.command) || isPrintable(envelope.params)
        ? undefined
        : 'binary parameters of a command we do not know');
    if (unsupported) {
      return {
        messages: [],
        reply: null,
        error: `Meitrack ${envelope.command}: ${unsupported}`,
        warnings,
        unsupported: true,
      };
    }
    const messages = decodeCommand(envelope, warnings);
    return { messages: identity.tag(envelope.imei, messages), reply: null, error: null, warnings };
  }

  return {
    get imei() {
      return identity.imei;
    },
    decode(frame) {
      try {
        return decodeFrame(frame);
      } catch (err) {
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `Meitrack${commandOf(frame)}: ${reason}`, warnings: [] };
      }
    },
  };
}

type CommandDecoder = (params: Uint8Array, warnings: string[]) => NormalizedMessage[];

/**
 * Reports we decode: AAA (Meitrack GPRS protocol, "AAA"), AFF (the AAA layout after one extra
 * field, inferred from captures), CCE and CCC (binary). Any other command with text parameters is
 * a command reply and kept as `result`.
 */
const DECODERS: ReadonlyMap<string, CommandDecoder> = new Map<string, CommandDecoder>([
  ['AAA', (params) => [decodeAaa(text(params))]],
  ['AFF', (params) => [decodeAaa(text(params), 1)]],
  ['CCE', decodeCce],
  ['CCC', decodeCcc],
]);

function decodeCommand(envelope: MeitrackEnvelope, warnings: string[]): NormalizedMessage[] {
  const decoder = DECODERS.get(envelope.command);
  if (decoder) return decoder(envelope.params, warnings);
  // The reply repeats the data identifier of the command it answers (Meitrack GPRS protocol,
  // command examples: @@V…,A12,6 → $$V…,A12,OK); command-encoder.ts derives it from the serial.
  const message = decodeCommandResult(envelope.command, text(envelope.params));
  return [{ ...message, attributes: { ...message.attributes, commandFlag: envelope.flag } }];
}

/** " AAA" when the frame's command can be read, for error messages. */
function commandOf(frame: Uint8Array): string {
  const m = /^\$\$.\d{1,5},[^,]{1,20},([A-Z0-9]{3})[,*]/.exec(String.fromCharCode(...frame.subarray(0, 40)));
  return m?.[1] ? ` ${m[1]}` : '';
}

function isPrintable(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b < 0x20 || b > 0x7e) return false;
  return true;
}

const text = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
const hex2 = (v: number): string => v.toString(16).toUpperCase().padStart(2, '0');
