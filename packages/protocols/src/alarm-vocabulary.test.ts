import { ALARMS, isAlarm } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from './codec/hex.ts';
import type { DecodeResult, ProtocolSession } from './message.ts';
import type { ProtocolDefinition } from './protocol.ts';
import { PROTOCOLS } from './registry.ts';
import { loadVectors, type VectorRecordBase } from './testing/vectors.ts';

interface Context {
  model?: string;
  extended?: boolean;
  settings?: { setModelOverride?: string };
}

/**
 * Replays one protocol's vector file in order, one session per decoder context and transport
 * (as the gateway keeps one per connection), and returns every result.
 */
function replay(protocol: ProtocolDefinition): DecodeResult[] {
  const sessions = new Map<string, ProtocolSession>();
  return loadVectors<VectorRecordBase>(`${protocol.id}.json`).map((r) => {
    const ctx = (r.decoder_context ?? {}) as Context;
    const transport = r.transport ?? protocol.transports[0] ?? 'tcp';
    const key = `${JSON.stringify(ctx)}|${transport}`;
    let session = sessions.get(key);
    if (!session) {
      session = protocol.createSession({
        transport,
        model: ctx.model ?? ctx.settings?.setModelOverride,
        extended: ctx.extended,
      });
      sessions.set(key, session);
    }
    const at = { receivedAtMs: Date.UTC(2026, 0, 1) };
    if (r.http)
      return session.decodeHttp?.(r.http, at) ?? { messages: [], reply: null, error: 'no HTTP', warnings: [] };
    const bytes = r.payload_hex
      ? hexToBytes(r.payload_hex)
      : Uint8Array.from(r.payload_text ?? '', (c) => c.charCodeAt(0));
    return session.decode(bytes, at);
  });
}

describe('every alarm a decoder emits is in the one vocabulary (issue 12)', () => {
  it.each(PROTOCOLS.map((p) => [p.id, p] as const))('%s: every vector', (_id, protocol) => {
    const outside = replay(protocol)
      .flatMap((r) => r.messages)
      .map((m) => m.attributes.alarm)
      .filter((a) => a !== undefined && !isAlarm(a));
    expect(outside, `outside ${ALARMS.join(', ')}`).toEqual([]);
  });

  it('the captures do raise alarms, across the protocols', () => {
    const seen = new Set(
      PROTOCOLS.flatMap((p) => replay(p).flatMap((r) => r.messages.map((m) => m.attributes.alarm))).filter(isAlarm),
    );
    for (const alarm of ['sos', 'powerCut', 'geofence', 'hardBraking', 'accident', 'jamming'] as const) {
      expect(seen.has(alarm), alarm).toBe(true);
    }
  });
});
