import { z } from 'zod';

/*
 * Request bodies made from a request schema, for tests that must cover every route the
 * contract lists, including routes added later: one body with every field filled in, and the
 * path of every text leaf in it (enums are not text).
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
}

export type SamplePath = (string | number)[];

/** Known good values by field name (e.g. a real uid), so a poisoned body passes every other check. */
export type SampleValues = Record<string, string>;

export interface RequestSample {
  body: unknown;
  /** Paths of the leaves that take text. */
  textPaths: SamplePath[];
}

const COLOUR = '5C1A8E';

export function sampleRequest(schema: z.ZodType, known: SampleValues = {}): RequestSample {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const textPaths: SamplePath[] = [];
  const body = sample(json, [], known, textPaths);
  return { body, textPaths };
}

/** A copy of `body` with the leaf at `path` replaced by `value`. */
export function withLeaf(body: unknown, path: SamplePath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(body))
    return (body as unknown[]).map((item, i) => (i === head ? withLeaf(item, rest, value) : item));
  const record = body as Record<string, unknown>;
  return { ...record, [String(head)]: withLeaf(record[String(head)], rest, value) };
}

function sample(s: JsonSchema, path: SamplePath, known: SampleValues, texts: SamplePath[]): unknown {
  if (s.allOf) return Object.assign({}, ...(s.allOf.map((part) => sample(part, path, known, texts)) as object[]));
  if (s.anyOf) {
    const option = s.anyOf.find((o) => o.type !== 'null') ?? s.anyOf[0] ?? {};
    return sample(option, path, known, texts);
  }
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, field]) => [key, sample(field, [...path, key], known, texts)]),
      );
    case 'array':
      return [sample(s.items ?? {}, [...path, 0], known, texts)];
    case 'string': {
      texts.push(path);
      const name = String(path.findLast((p) => typeof p === 'string') ?? '');
      return known[name] ?? (s.pattern ? COLOUR : 'x'.repeat(Math.max(1, s.minLength ?? 1)));
    }
    case 'integer':
    case 'number':
      return Math.min(s.maximum ?? Number.MAX_SAFE_INTEGER, Math.max(s.minimum ?? 0, 1));
    case 'boolean':
      return true;
    case 'null':
    case undefined:
      return null;
    default:
      throw new Error(`no sample for JSON schema type ${type} at ${path.join('.')}`);
  }
}
