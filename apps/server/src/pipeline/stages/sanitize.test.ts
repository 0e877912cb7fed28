import type { NormalizedMessage } from '@jejak/protocols';
import { describe, expect, it } from 'vitest';
import { storableMessage } from './sanitize.ts';

/**
 * The test's own reference: every value rebuilt from scratch, never the input returned. Text
 * loses NUL and lone surrogates; numbers must be finite; bigints become numbers or text; nesting
 * stops at depth 4; left-out array items become null.
 */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const text = (t: string) => t.replaceAll('\u0000', '').replace(LONE, '\uFFFD');
function reference(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return text(v);
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'boolean' || v === null) return v;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
  if (typeof v !== 'object' || depth >= 4) return undefined;
  if (Array.isArray(v)) return v.map((x) => reference(x, depth + 1) ?? null);
  const entries = Object.entries(v).map(([k, x]) => [text(k), reference(x, depth + 1)] as const);
  return Object.fromEntries(entries.filter(([, x]) => x !== undefined));
}
function cleanedMessage(m: NormalizedMessage): NormalizedMessage {
  const finite = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n : undefined);
  const at = finite(m.latitude) !== undefined && finite(m.longitude) !== undefined;
  const placed = at && Math.abs(m.latitude ?? 0) <= 90 && Math.abs(m.longitude ?? 0) <= 180;
  const t = m.deviceTimeMs;
  return {
    ...m,
    deviceTimeMs:
      t !== undefined && Number.isFinite(t) && t >= 0 && t <= 253_402_300_799_999 ? Math.trunc(t) : undefined,
    latitude: placed ? m.latitude : undefined,
    longitude: placed ? m.longitude : undefined,
    speedKmh: finite(m.speedKmh),
    course: finite(m.course),
    altitude: finite(m.altitude),
    satellites: finite(m.satellites),
    // The record itself is depth -1: its values are at depth 0.
    attributes: reference(m.attributes, -1) as NormalizedMessage['attributes'],
  };
}

/** A small seeded generator, so a failure names the case that made it. */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const DIRTY_NUMBERS = [NaN, Infinity, -Infinity, 1.5e20, -1, 0.5];
const TEXTS = ['ok', 'sos', 'a\u0000b', '\uD800', 'x\uDC00', '\uD83D\uDE00', ''];

function value(r: () => number, depth: number): unknown {
  const k = Math.floor(r() * 9);
  if (k === 0) return TEXTS[Math.floor(r() * TEXTS.length)];
  if (k === 1) return r() < 0.8 ? Math.round(r() * 1000) / 10 : DIRTY_NUMBERS[Math.floor(r() * DIRTY_NUMBERS.length)];
  if (k === 2) return r() < 0.5;
  if (k === 3) return null;
  if (k === 4) return r() < 0.2 ? undefined : 'v';
  if (k === 5) return r() < 0.2 ? BigInt(2) ** BigInt(70) : 12;
  if (k === 6 && depth < 6) return [value(r, depth + 1), value(r, depth + 1)];
  if (k === 7 && depth < 6) return { [r() < 0.1 ? 'k\u0000' : 'k']: value(r, depth + 1), n: value(r, depth + 1) };
  return 7;
}

function message(r: () => number): NormalizedMessage {
  const pick = <T>(clean: T, dirty: unknown): T => (r() < 0.9 ? clean : (dirty as T));
  const attributes: Record<string, unknown> = {};
  const n = Math.floor(r() * 5);
  for (let i = 0; i < n; i++) attributes[`a${i}`] = value(r, 0);
  return {
    kind: 'position',
    deviceTimeMs: pick(1_795_000_000_000 + Math.floor(r() * 1e6), [1.5, -5, NaN, 1e16][Math.floor(r() * 4)]),
    valid: r() < 0.5,
    latitude: pick(3.1 + r(), [NaN, 91, undefined][Math.floor(r() * 3)]),
    longitude: pick(101.6 + r(), [Infinity, -181, undefined][Math.floor(r() * 3)]),
    speedKmh: pick(r() * 100, NaN),
    course: pick(r() * 360, Infinity),
    altitude: pick(r() * 50, -Infinity),
    satellites: pick(Math.floor(r() * 12), NaN),
    attributes: attributes as unknown as NormalizedMessage['attributes'],
  };
}

describe('storableMessage', () => {
  it('returns a storable message as it is, without a copy', () => {
    // Attributes are flat by type, but a decoder passes on whatever a device sent.
    const attributes = { ignition: true, power: 12.6, alarm: 'sos', io: { 1: 0 }, list: [1, 'a', null] };
    const msg: NormalizedMessage = {
      kind: 'position',
      deviceTimeMs: 1_795_000_000_000,
      valid: true,
      latitude: 3.139,
      longitude: 101.687,
      speedKmh: 42,
      course: 90,
      satellites: 9,
      attributes: attributes as unknown as NormalizedMessage['attributes'],
    };
    expect(storableMessage(msg)).toBe(msg);
  });

  it('cleans a message that holds what the store refuses', () => {
    const attributes = { note: 'a\u0000b', big: BigInt(2) ** BigInt(70), gone: undefined };
    const msg: NormalizedMessage = {
      kind: 'position',
      deviceTimeMs: 1.5,
      latitude: 95,
      longitude: 101,
      speedKmh: NaN,
      attributes: attributes as unknown as NormalizedMessage['attributes'],
    };
    const out = storableMessage(msg);
    expect(out).not.toBe(msg);
    expect(out).toEqual({
      kind: 'position',
      deviceTimeMs: 1,
      attributes: { note: 'ab', big: (BigInt(2) ** BigInt(70)).toString() },
    });
  });

  it('agrees with the full cleaning on 20,000 random messages, clean and dirty', () => {
    const r = rng(7);
    let kept = 0;
    for (let i = 0; i < 20_000; i++) {
      const msg = message(r);
      const out = storableMessage(msg);
      const expected = cleanedMessage(msg);
      expect(out, `case ${i}`).toEqual(expected);
      // Kept as it is only when cleaning would change nothing (JSON shows every stored value).
      if (out === msg) {
        kept++;
        expect(JSON.stringify(msg.attributes), `case ${i}`).toBe(JSON.stringify(expected.attributes));
      }
    }
    // Both paths were walked.
    expect(kept).toBeGreaterThan(1000);
    expect(kept).toBeLessThan(19_000);
  });
});
