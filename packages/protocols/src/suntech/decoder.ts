import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeResult, ProtocolSession, SessionOptions } from '../message.ts';
import { decodeBinary } from './reports/binary.ts';
import { heartbeatOf, latin1, type Decoded } from './fields.ts';
import { createDeviceIdentity } from './identity.ts';
import { decodeLegacy } from './reports/legacy.ts';
import { parseSuntechSettings, type SuntechSettings } from './settings.ts';
import { decodeSt4 } from './reports/st4.ts';
import { decodeSt910, decodeTravel } from './reports/st910.ts';
import { decodeUniversal } from './reports/universal.ts';
import { Unsupported } from './unsupported.ts';
import { decodeZip } from './reports/zip.ts';

/*
 * Documents cited in this folder: "ST300/340 operation manual" (Suntech, LATAM edition 1.41,
 * 2015) for the legacy `ST300…` reports and commands, the ST600/ST3xx/ST4315 user manuals for
 * their families, and the "Universal Reporting Guide" (Suntech Messages to Back-End Server,
 * 1.39–1.102) for the Universal `STT;…` reports. Layouts no document we could read covers
 * (ST4xx, ST910, binary tails) are inferred from the captured packets in ../shared/vectors.
 */

export interface SuntechSession extends ProtocolSession {
  /** The device id this connection speaks for, once a frame has named it. */
  readonly deviceId: string | null;
  readonly settings: SuntechSettings;
}

/**
 * Decoder state for one Suntech connection: text reports (Universal and legacy families) and
 * binary ones. Pure; Suntech reports want no acknowledgement. Never throws.
 */
export function createSuntechSession(raw?: SessionOptions['settings']): SuntechSession {
  let { settings, warnings: pendingWarnings } = parseSuntechSettings(raw);
  const identity = createDeviceIdentity();

  function decodeFrame(frame: Uint8Array): DecodeResult {
    const decoded = route(frame, settings, identity.id);
    const messages = identity.tag(decoded.id, decoded.messages);
    const warnings = [...pendingWarnings, ...decoded.warnings];
    pendingWarnings = [];
    return { messages, reply: null, error: null, warnings };
  }

  return {
    get deviceId() {
      return identity.id;
    },
    get settings() {
      return settings;
    },
    configure(next) {
      ({ settings, warnings: pendingWarnings } = parseSuntechSettings(next));
    },
    decode(frame) {
      try {
        return decodeFrame(frame);
      } catch (err) {
        const where = `Suntech ${describe(frame)}`;
        if (err instanceof Unsupported) {
          return { messages: [], reply: null, error: `${where}: ${err.message}`, warnings: [], unsupported: true };
        }
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `${where}: ${reason}`, warnings: [] };
      }
    },
  };
}

function route(frame: Uint8Array, settings: SuntechSettings, current: string | null): Decoded {
  if (frame.length === 0) throw new DecodeError('empty frame');
  if (frame[0] === 0x02) return decodeZip(frame);
  if ((frame[0] ?? 0) >= 0x80 && frame[1] === 0x00) return decodeBinary(frame);
  const text = latin1(frame).replace(/[\r\n]+$/, '');
  if (!/^[\x20-\x7e]/.test(text)) throw new DecodeError('not a Suntech report: expected text or a binary header');
  const values = text.split(';');
  const head = values[0] ?? '';
  if (head === 'CRR') throw new Unsupported('crash reports are not handled');
  if (values.length > 1 && /^[A-Z]{3}$/.test(head)) return decodeUniversal(values);
  if (/^S[A-Z]\d{3,4}[A-Z]?HTE$/.test(head)) return decodeTravel(values);
  if (head.startsWith('ST9')) return decodeSt910(values, settings);
  if (/^ST4\d{2}[A-Z]{3}$/.test(head)) return decodeSt4(values);
  if (/^S[A-Z]\d{3,4}[A-Z]?[A-Z]{3}$/.test(head)) return decodeLegacy(values, settings);
  // A device's bare answer to a command it could not parse, e.g. "-Error".
  if (current !== null && /^[-+][A-Za-z ]{1,32}$/.test(text))
    return { id: null, messages: [heartbeatOf({ result: text })], warnings: [] };
  throw new Unsupported(`unknown report "${head.slice(0, 16)}"`);
}

/** "ST300STT", "STT", "binary 0x81" — the frame's head, for error messages. */
function describe(frame: Uint8Array): string {
  if (frame[0] === 0x02) return 'zip';
  if ((frame[0] ?? 0) >= 0x80) return `binary 0x${(frame[0] ?? 0).toString(16)}`;
  const head = /^[A-Za-z0-9]{1,12}/.exec(String.fromCharCode(...frame.subarray(0, 12)));
  return head ? head[0] : 'frame';
}
