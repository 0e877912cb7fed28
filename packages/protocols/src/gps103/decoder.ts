import { DecodeError } from '../codec/decode-error.ts';
import { trimEndOf } from '../codec/text.ts';
import type { DecodeContext, DecodeResult, NormalizedMessage, ProtocolSession } from '../message.ts';
import type { Decoded } from './fields.ts';
import { decodeAlternative, decodeObd } from './obd.ts';
import { decodeRegular } from './regular.ts';

/*
 * Documents cited in this folder: "GPS102/GPS103/GPS104 GPRS data protocol" = Coban's GPRS data
 * protocol of the TK102/TK103/GPS103 family (also published as "TK102/TK103 GPRS Data Protocol"):
 * "GPRS command sent by tracker" lists the login, heartbeat and reports, "GPRS command sent by
 * monitor center" the server's commands. The OBD and alternative (`*`) reports and the photo
 * chunks follow no document we had: their layout is inferred from ../shared/vectors.
 */

/** The answer to a login: the device then starts sending reports. */
const LOGIN_REPLY = 'LOAD';
/** The answer to a heartbeat. */
const HEARTBEAT_REPLY = 'ON';

export interface Gps103Session extends ProtocolSession {
  /** The IMEI of the device this connection speaks for, once a frame has named it. */
  readonly imei: string | null;
}

/**
 * Decoder state for one GPS103 connection. Every report carries the IMEI; the login and the
 * heartbeat are answered (`LOAD`, `ON`), and an SOS is acknowledged with the cancel command
 * (`**,imei:NNN,E;`), which stops the device repeating it. Cell-only reports carry only local
 * time: they are dated with the clock offset the device's last GPS report showed. The first frame naming a new IMEI
 * identifies the device: a report without a location becomes the `login` itself (keeping its
 * attributes), anything else gets a bare `login` in front. Pure; never throws.
 */
export function createGps103Session(): Gps103Session {
  let current: string | null = null;
  /** The clock offset the current device's last F report showed (dates its L reports). */
  let zone: { imei: string; minutes: number } | null = null;

  function identify(imei: string, messages: NormalizedMessage[]): NormalizedMessage[] {
    const tagged = messages.map((m): NormalizedMessage => ({ ...m, imei }));
    if (imei === current) return tagged;
    current = imei;
    const [first, ...rest] = tagged;
    if (first?.kind === 'heartbeat') return [{ ...first, kind: 'login' }, ...rest];
    return [{ kind: 'login', imei, attributes: {} }, ...tagged];
  }

  function decodeText(text: string, context: DecodeContext): DecodeResult {
    if (text.startsWith('##')) {
      const login = /^##,imei:(\d{1,20}),A;?$/.exec(text);
      if (!login?.[1]) throw new DecodeError('login is not ##,imei:<digits>,A;');
      current = login[1];
      return result([{ kind: 'login', imei: login[1], attributes: {} }], LOGIN_REPLY, []);
    }
    const beat = /^(\d{1,20});?((?:imei:|##).*)?$/s.exec(text);
    if (beat?.[1] !== undefined) {
      if (beat[2] === undefined)
        return result(identify(beat[1], [{ kind: 'heartbeat', attributes: {} }]), HEARTBEAT_REPLY, []);
      // A heartbeat glued to the report after it: answer both (ON first) and decode the report.
      const report = decodeText(beat[2], context);
      const after = report.reply ? String.fromCharCode(...report.reply) : '';
      return report.error ? report : { ...report, reply: ascii(HEARTBEAT_REPLY + after) };
    }
    const decoded = decodeReport(text, (imei) => (zone?.imei === imei ? zone.minutes : null));
    if (decoded.zoneMinutes !== undefined) zone = { imei: decoded.imei, minutes: decoded.zoneMinutes };
    const warnings = [...decoded.warnings];
    const messages = decoded.messages.map((m) => {
      if (m.latitude === undefined || m.deviceTimeMs !== undefined || context.receivedAtMs === undefined) return m;
      warnings.push('fix without a date: dated on receipt');
      return { ...m, deviceTimeMs: context.receivedAtMs };
    });
    return result(identify(decoded.imei, messages), decoded.reply ?? null, warnings);
  }

  return {
    get imei() {
      return current;
    },
    decode(frame, context = {}) {
      let text = '';
      try {
        text = trimEndOf(String.fromCharCode(...frame.subarray(0, 16384)), '\r\n\0 ');
        if (frame.length > 16384) throw new DecodeError(`frame of ${frame.length} bytes is too long`);
        return decodeText(text, context);
      } catch (err) {
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `GPS103 ${describe(text)}: ${reason}`, warnings: [] };
      }
    },
  };
}

/** An `imei:NNN,…` report, by its keyword and terminator. */
function decodeReport(text: string, zoneOf: (imei: string) => number | null): Decoded {
  if (!text.startsWith('imei:')) throw new DecodeError('expected imei:, ##, or an IMEI heartbeat');
  const body = text.endsWith(';') ? text.slice(0, -1) : text;
  const fields = body.split(',');
  const imei = fields[0]?.slice(5) ?? '';
  if (!/^\d{1,20}$/.test(imei)) throw new DecodeError('the IMEI is not 1–20 digits');
  const keyword = fields[1] ?? '';
  if (keyword === 'vr') {
    // A chunk of a photo the device announced with `vt<count>`: not stored.
    return { imei, messages: [], warnings: ['photo chunk ignored: photos are not stored'] };
  }
  if (keyword === 'OBD') return decodeObd(imei, fields);
  if (body.endsWith('*') && fields.length >= 19) return decodeAlternative(imei, fields);
  if (fields.length < 5) {
    // `imei:NNN,L,*`: a report with nothing in it (no fix, no cell), only that the device is there.
    return { imei, messages: [{ kind: 'heartbeat', attributes: {} }], warnings: ['report without data'] };
  }
  return decodeRegular(imei, fields, zoneOf(imei));
}

function result(messages: NormalizedMessage[], reply: string | null, warnings: string[]): DecodeResult {
  return { messages, reply: reply === null ? null : ascii(reply), error: null, warnings };
}

/** "login", "heartbeat", or the report's keyword, for error messages. */
function describe(text: string): string {
  if (text.startsWith('##')) return 'login';
  if (/^\d/.test(text)) return 'heartbeat';
  const keyword = /^imei:[^,]*,([^,;]{1,20})/.exec(text)?.[1];
  return keyword ? `report ${keyword}` : 'frame';
}

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
