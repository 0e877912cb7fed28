import {
  bytesToHex,
  hexToBytes,
  type DecodeResult,
  type Framer,
  type HttpRequestInput,
  type NormalizedMessage,
  type ProtocolSession,
  type Transport,
} from '@jejak/protocols';

/** One output line of `npm run decode` (the stable interface of issue #3). */
export interface DecodedLine {
  positions: DecodedPosition[];
  reply: string | null;
  error: string | null;
}

export interface DecodedPosition {
  deviceId: string | null;
  deviceTimeMs: number | null;
  valid: boolean | null;
  latitude: number | null;
  longitude: number | null;
  speedKmh: number | null;
  course: number | null;
  altitude: number | null;
  satellites: number | null;
  attributes: Record<string, number | boolean | string>;
}

/** Everything but the login (which identifies a device and carries no data) is reported. */
function toPosition(m: NormalizedMessage, deviceId: string | null): DecodedPosition {
  return {
    deviceId: m.imei ?? deviceId,
    deviceTimeMs: m.deviceTimeMs ?? null,
    valid: m.valid ?? null,
    latitude: m.latitude ?? null,
    longitude: m.longitude ?? null,
    speedKmh: m.speedKmh ?? null,
    course: m.course ?? null,
    altitude: m.altitude ?? null,
    satellites: m.satellites ?? null,
    attributes: { ...m.attributes, ...(m.memory ? { archive: true } : {}) },
  };
}

const HEX_LINE = /^(?:[0-9a-fA-F]{2})*$/;

function parseHttp(line: string): HttpRequestInput | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'input is not a JSON object {method, uri, headers, body}';
  }
  const v = value as Partial<HttpRequestInput> | null;
  if (!v || typeof v.method !== 'string' || typeof v.uri !== 'string') return 'input needs string method and uri';
  const headers: Record<string, string> = {};
  for (const [k, h] of Object.entries(v.headers ?? {})) if (typeof h === 'string') headers[k] = h;
  return { method: v.method, uri: v.uri, headers, body: typeof v.body === 'string' ? v.body : '' };
}

/** A decoder session that remembers the device id across lines, as one connection does. */
export function createLineDecoder(session: ProtocolSession, transport: Transport) {
  let deviceId: string | null = null;

  function render(result: DecodeResult): DecodedLine {
    const login = result.messages.find((m) => m.kind === 'login' && m.imei);
    if (login?.imei) deviceId = login.imei;
    return {
      positions: result.messages.filter((m) => m.kind !== 'login').map((m) => toPosition(m, deviceId)),
      reply: result.reply ? bytesToHex(result.reply) : null,
      error: result.error,
    };
  }

  return (line: string): DecodedLine => {
    const text = line.trim();
    try {
      if (transport === 'http') {
        const request = parseHttp(text);
        if (typeof request === 'string') return { positions: [], reply: null, error: request };
        if (!session.decodeHttp) return { positions: [], reply: null, error: 'protocol does not speak HTTP' };
        return render(session.decodeHttp(request, { receivedAtMs: Date.now() }));
      }
      if (!HEX_LINE.test(text)) return { positions: [], reply: null, error: 'input is not hex' };
      return render(session.decode(hexToBytes(text), { receivedAtMs: Date.now() }));
    } catch (err) {
      // Decoders never throw by contract; if one does, it is reported, not fatal.
      return {
        positions: [],
        reply: null,
        error: `decoder failure: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  };
}

/** `--frames`: raw stream chunks in, complete frames out (partial data kept for the next line). */
export function createLineFramer(framer: Framer) {
  return (line: string): { frames: string[]; error?: string } => {
    const text = line.trim();
    if (!HEX_LINE.test(text)) return { frames: [], error: 'input is not hex' };
    const out = framer.push(hexToBytes(text));
    return { frames: out.frames.map(bytesToHex), ...(out.error ? { error: out.error } : {}) };
  };
}
