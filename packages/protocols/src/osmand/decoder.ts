import { DecodeError } from '../codec/decode-error.ts';
import type { DecodeResult, Framer, HttpRequestInput, NormalizedMessage, ProtocolSession } from '../message.ts';
import { withMappedAlarm } from './alarm.ts';
import { decodeJson } from './json.ts';
import { decodeQuery } from './query.ts';
import type { Report } from './values.ts';

/*
 * Documents cited in this folder: "OsmAnd protocol" = the HTTP tracking format of OsmAnd's
 * online tracking, as extended by Traccar Client: one request per fix (or batch), either URL
 * parameters (query.ts) or a JSON body (json.ts). The answer is an empty 200; anything we
 * cannot use is refused (the gateway answers 400) so the app keeps the fix and retries.
 */

const HTTP_ONLY = 'OsmAnd is HTTP only: requests go through decodeHttp';

/** What the gateway knows about a request besides its content. */
export interface OsmandDecodeContext {
  /**
   * When the request arrived (epoch ms). Dates fixes sent without a timestamp; without it
   * they keep no `deviceTimeMs` and the pipeline uses its receive time.
   */
  receivedAtMs?: number;
}

export interface OsmandSession extends ProtocolSession {
  /** The device id of the last accepted request. */
  readonly deviceId: string | null;
  decodeHttp(request: HttpRequestInput, context?: OsmandDecodeContext): DecodeResult;
}

/** OsmAnd has no byte stream: this framer refuses anything pushed to it. */
export function createOsmandFramer(): Framer {
  return {
    push: () => ({ frames: [], error: HTTP_ONLY }),
    bufferedBytes: 0,
  };
}

function header(request: HttpRequestInput, name: string): string {
  const key = Object.keys(request.headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? '' : (request.headers[key] ?? '');
}

function isJson(request: HttpRequestInput): boolean {
  return /json/i.test(header(request, 'content-type')) || /^\s*[{[]/.test(request.body);
}

function decodeRequest(request: HttpRequestInput): Report {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new DecodeError(`method ${method} not accepted: use GET or POST`);
  if (method === 'POST' && isJson(request)) return decodeJson(request.body);
  const q = request.uri.indexOf('?');
  const params = new URLSearchParams(q >= 0 ? request.uri.slice(q + 1) : '');
  if (method === 'POST' && request.body.trim() !== '') {
    for (const [key, value] of new URLSearchParams(request.body.trim())) params.append(key, value);
  }
  return decodeQuery(params);
}

/**
 * Decoder state for one device over HTTP. Each accepted request yields a `login` (imei = the
 * device id, so the gateway can identify the sender of every request) and then its fixes,
 * each tagged with the id. Pure and never throws.
 */
export function createOsmandSession(): OsmandSession {
  let deviceId: string | null = null;

  return {
    get deviceId() {
      return deviceId;
    },
    decode: () => ({ messages: [], reply: null, error: HTTP_ONLY, warnings: [] }),
    decodeHttp(request, context = {}) {
      try {
        const report = decodeRequest(request);
        const warnings = [...report.warnings];
        const id = report.deviceId;
        const messages = report.messages.map((m): NormalizedMessage => {
          const tagged = { ...withMappedAlarm(m), imei: id };
          if (m.deviceTimeMs !== undefined || m.latitude === undefined) return tagged;
          if (context.receivedAtMs === undefined) {
            warnings.push('no timestamp: left to be dated on receipt');
            return tagged;
          }
          warnings.push('no timestamp: dated on receipt');
          return { ...tagged, deviceTimeMs: context.receivedAtMs };
        });
        deviceId = id;
        const login: NormalizedMessage = { kind: 'login', imei: id, attributes: {} };
        return { messages: [login, ...messages], reply: new Uint8Array(0), error: null, warnings };
      } catch (err) {
        const reason = err instanceof DecodeError ? err.message : `internal decoder error: ${String(err)}`;
        return { messages: [], reply: null, error: `OsmAnd: ${reason}`, warnings: [] };
      }
    },
  };
}
