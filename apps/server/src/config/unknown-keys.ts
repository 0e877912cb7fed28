import { ConfigSchema } from './schema.ts';

/**
 * `JEJAK_*` keys read by something other than the server, which are not typos: the tests' and
 * benchmarks' PostgreSQL, and deploy/compose.yaml's image names (one shell may hold them all).
 */
const KNOWN_ELSEWHERE = [
  'JEJAK_TEST_PG_URL',
  'JEJAK_BENCH_PG_URL',
  'JEJAK_POSTGRES_IMAGE',
  'JEJAK_NATS_IMAGE',
  'JEJAK_HAPROXY_IMAGE',
];

export interface UnknownKey {
  key: string;
  /** The known key nearest by edit distance. */
  closest: string;
}

/** Levenshtein distance: insertions, deletions and substitutions, one row at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * The environment's `JEJAK_*` keys that no configuration key is, each with its nearest known
 * key: a misspelt key is otherwise silently ignored and its default used (issue 27).
 */
export function unknownConfigKeys(env: Record<string, string | undefined>): UnknownKey[] {
  const known = Object.keys(ConfigSchema.shape);
  const accepted = new Set([...known, ...KNOWN_ELSEWHERE]);
  return Object.keys(env)
    .filter((key) => key.startsWith('JEJAK_') && !accepted.has(key))
    .sort()
    .map((key) => {
      let closest = '';
      let best = Infinity;
      for (const candidate of known) {
        const distance = editDistance(key, candidate);
        if (distance < best) [closest, best] = [candidate, distance];
      }
      return { key, closest };
    });
}

export const unknownKeyMessage = ({ key, closest }: UnknownKey): string =>
  `unknown configuration key ${key}: did you mean ${closest}?`;
