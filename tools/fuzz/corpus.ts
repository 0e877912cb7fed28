import { readFileSync } from 'node:fs';
import { hexToBytes, type HttpRequestInput, type ProtocolDefinition, type Transport } from '@jejak/protocols';
import type { HttpCorpus } from './mutate-http.ts';
import type { FrameCorpus } from './mutate.ts';

/**
 * The seeds of a fuzz run: the captured packets in ../shared/vectors (Traccar's decoder tests,
 * Apache-2.0; see its README), the device ids they carry, and the packets that identify a device
 * (sent first on some TCP connections so that the mutated frames after them reach the decoders
 * of an identified session).
 */
const VECTORS = new URL('../../../shared/vectors/', import.meta.url);

interface Vector {
  sequence: number;
  transport?: Transport;
  payload_hex?: string;
  payload_text?: string;
  http?: HttpRequestInput;
}

export interface Corpus {
  frames: FrameCorpus | null;
  http: HttpCorpus | null;
  /** Captured packets that identify their device on their own: a login, an IMEI handshake, a report. */
  identities: Uint8Array[];
  /** Every device id the captured packets carry, to be registered for this protocol. */
  ids: string[];
}

function loadVectors(protocolId: string): Vector[] {
  try {
    return (JSON.parse(readFileSync(new URL(`${protocolId}.json`, VECTORS), 'utf8')) as Vector[]).sort(
      (a, b) => a.sequence - b.sequence,
    );
  } catch {
    return [];
  }
}

const bytesOf = (v: Vector): Uint8Array | null =>
  v.payload_hex
    ? hexToBytes(v.payload_hex)
    : v.payload_text !== undefined
      ? new TextEncoder().encode(v.payload_text)
      : null;

const isText = (b: Uint8Array): boolean =>
  b.length > 0 && b.every((c) => (c >= 0x20 && c < 0x7f) || c === 0x0d || c === 0x0a);

export function loadCorpus(protocol: ProtocolDefinition, transport: Transport): Corpus {
  const vectors = loadVectors(protocol.id);
  const ids = new Set<string>();
  const identities: Uint8Array[] = [];
  // Replayed in order through one session per transport, as the vector README asks.
  const sessions = new Map<Transport, ReturnType<ProtocolDefinition['createSession']>>();
  const sessionFor = (t: Transport) => {
    let s = sessions.get(t);
    if (!s) sessions.set(t, (s = protocol.createSession({ transport: t })));
    return s;
  };
  const http: HttpRequestInput[] = [];
  const byTransport = new Map<Transport, Uint8Array[]>();
  for (const v of vectors) {
    const t = v.transport ?? 'tcp';
    if (v.http) {
      const request = {
        method: v.http.method,
        uri: v.http.uri,
        headers: v.http.headers ?? {},
        body: v.http.body ?? '',
      };
      http.push(request);
      for (const m of sessionFor('http').decodeHttp?.(request).messages ?? []) if (m.imei) ids.add(m.imei);
      continue;
    }
    const bytes = bytesOf(v);
    if (!bytes) continue;
    byTransport.set(t, [...(byTransport.get(t) ?? []), bytes]);
    const result = sessionFor(t).decode(bytes);
    const claimed = result.messages.find((m) => m.imei)?.imei;
    if (claimed) ids.add(claimed);
    if (claimed && !result.error && t === 'tcp') identities.push(bytes);
  }
  if (transport === 'http')
    return { frames: null, http: { requests: http, ids: [...ids] }, identities: [], ids: [...ids] };
  const native = byTransport.get(transport) ?? [];
  const others = [...byTransport.entries()].filter(([t]) => t !== transport).flatMap(([, b]) => b);
  // Few captures of this transport (Teltonika has one UDP datagram): the other transport's
  // packets fill in, with the native ones repeated to keep about half the weight.
  const packets =
    native.length >= 5
      ? native
      : [
          ...Array.from({ length: Math.ceil(others.length / Math.max(1, native.length)) }, () => native).flat(),
          ...others,
        ];
  const textPackets = packets.filter(isText).map((b) => new TextDecoder().decode(b));
  return {
    frames: { protocol: protocol.id, transport, packets, textPackets: [...new Set(textPackets)] },
    http: null,
    identities,
    ids: [...ids],
  };
}
