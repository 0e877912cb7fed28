import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { ms } from './ms.ts';

/** Each text of a catalogue, by its dotted key; a formatter is called with 3 for each argument. */
function leaves(node: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (typeof node === 'function')
    out.set(path, (node as (...args: number[]) => unknown)(...Array<number>(node.length).fill(3)));
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) leaves(value, path ? `${path}.${key}` : key, out);
  else out.set(path, node);
  return out;
}

/** Where the English and the Malay catalogue differ in shape: missing, extra or of another kind. */
function shapeProblems(a: unknown, b: unknown, path: string): string[] {
  const kind = (v: unknown) => (Array.isArray(v) ? `array of ${v.length}` : v === null ? 'null' : typeof v);
  if (kind(a) !== kind(b)) return [`${path}: en is ${kind(a)}, ms is ${kind(b)}`];
  if (typeof a === 'function' && typeof b === 'function' && a.length !== b.length)
    return [`${path}: en takes ${a.length} argument(s), ms takes ${b.length}`];
  if (typeof a !== 'object' || a === null) return [];
  const bRecord = b as Record<string, unknown>;
  const aRecord = a as Record<string, unknown>;
  const problems = Object.keys(aRecord).flatMap((key) =>
    key in bRecord ? shapeProblems(aRecord[key], bRecord[key], `${path}.${key}`) : [`${path}.${key}: missing in ms`],
  );
  return problems.concat(
    Object.keys(bRecord)
      .filter((key) => !(key in aRecord))
      .map((key) => `${path}.${key}: not in en`),
  );
}

/**
 * Texts that are the same in both languages: brand names, units, codes and words Malay
 * shares with English. Anything else identical is an untranslated text.
 */
const SAME_IN_BOTH = new Set([
  // A bare count: the fleet list's total when nothing is filtered out.
  '3',
  // Kilometres and "OK" are written alike in Malay.
  '3 km',
  'OK',
  // Each language is named in its own tongue.
  'English',
  'Bahasa Malaysia',
  'Status',
  'Model',
  'Menu',
  'Log',
  'Port',
  'Min',
  'Item',
  'Operator',
  'Parameter',
  'Odometer (km)',
  'SIM',
  'GPS',
  'ACC',
  'PDF',
  'V1',
  'V2',
  'Uid',
  'CUSTOM',
  '0000-2359',
  'v3',
  '3 (SOS)',
  'UNGROUP',
  'IMEI',
  '-',
  '×3',
  // The distress call and the web term, used as they are in Malay (ADR 0089).
  'SOS',
  'Webhook',
  // File formats and a product name.
  'CSV',
  'KML (Google Earth)',
]);

describe('the Bahasa Malaysia catalogue', () => {
  it('has every key of the English one, of the same kind, and nothing else', () => {
    expect(shapeProblems(en, ms, 'strings')).toEqual([]);
  });

  it('holds a non-empty text for every English text', () => {
    const empty = [...leaves(ms, '', new Map())].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('translates every text except the allowed ones', () => {
    const malay = leaves(ms, '', new Map());
    const untranslated = [...leaves(en, '', new Map())]
      .filter(([key, text]) => malay.get(key) === text && !SAME_IN_BOTH.has(String(text)))
      .map(([key, text]) => `${key}: ${String(text)}`);
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders of the templated texts', () => {
    const placeholders = (text: unknown) => (String(text).match(/\{\w+\}/g) ?? []).sort();
    const malay = leaves(ms, '', new Map());
    for (const [key, text] of leaves(en, '', new Map()))
      expect(placeholders(malay.get(key)), key).toEqual(placeholders(text));
  });
});
