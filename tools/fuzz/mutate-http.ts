import type { HttpRequestInput } from '@jejak/protocols';
import { asciiString, concat, MAX_RANDOM_BYTES, randomLength, weirdValue } from './mutate.ts';
import type { Rng } from './rng.ts';

/**
 * Pure, seeded generators of hostile HTTP requests for the phone-app gateway (OsmAnd): mutated
 * captured requests (bad query strings, garbage and huge JSON bodies, wrong methods and
 * content types), random requests, and raw bytes that are not HTTP at all.
 */

export interface FuzzRequest {
  method: string;
  /** Path and query; only bytes node:http sends as they are (0x21–0x7E), the rest percent-encoded. */
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export type HttpInput =
  { kind: 'request'; request: FuzzRequest; how: string } | { kind: 'raw'; bytes: Uint8Array; how: string };

export interface HttpCorpus {
  requests: readonly HttpRequestInput[];
  /** Registered device ids, so that some requests get past identification. */
  ids: readonly string[];
}

/** Above the gateway's 64 KiB body limit on purpose, now and then. */
export const MAX_HTTP_BODY_BYTES = 100 * 1024;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'FOO', 'get'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  ';;;',
];
const encoder = new TextEncoder();

export function generateRequest(rng: Rng, corpus: HttpCorpus): HttpInput {
  const r = rng.next();
  if (r < 0.05) return rawInput(rng, corpus);
  if (corpus.requests.length === 0 || r < 0.15) return { kind: 'request', request: randomRequest(rng), how: 'random' };
  const base = toFuzzRequest(rng.pick(corpus.requests));
  if (r < 0.2) return { kind: 'request', request: base, how: 'captured' };
  const steps: string[] = [];
  let request = base;
  for (let k = rng.between(1, 3); k > 0; k--) {
    const name = rng.pick(Object.keys(REQUEST_MUTATIONS));
    request = REQUEST_MUTATIONS[name]?.(rng, request, corpus) ?? request;
    steps.push(name);
  }
  return { kind: 'request', request, how: `mutate:${steps.join('+')}` };
}

export function toFuzzRequest(r: HttpRequestInput): FuzzRequest {
  return { method: r.method, path: pathSafe(r.uri), headers: { ...(r.headers ?? {}) }, body: r.body ?? '' };
}

type RequestMutation = (rng: Rng, r: FuzzRequest, corpus: HttpCorpus) => FuzzRequest;

const REQUEST_MUTATIONS: Record<string, RequestMutation> = {
  method: (rng, r) => ({ ...r, method: rng.chance(0.8) ? rng.pick(METHODS) : token(rng) }),
  query: (rng, r) => ({ ...r, path: mutateQuery(rng, r.path) }),
  id(rng, r, corpus) {
    if (corpus.ids.length === 0) return r;
    const [path = '/', query = ''] = r.path.split(/\?(.*)/s);
    const params = query.split('&').filter((p) => !p.startsWith('id=') && !p.startsWith('deviceid='));
    return { ...r, path: `${path}?${[`id=${rng.pick(corpus.ids)}`, ...params].join('&')}` };
  },
  body: (rng, r) => ({ ...r, body: mutateBody(rng, typeof r.body === 'string' ? r.body : '') }),
  contenttype(rng, r) {
    const headers = withoutContentType(r.headers);
    if (rng.chance(0.8)) headers['content-type'] = rng.pick(CONTENT_TYPES);
    return { ...r, headers };
  },
  header: (rng, r) => ({ ...r, headers: { ...r.headers, [token(rng)]: headerSafe(weirdValue(rng)) } }),
};

function mutateQuery(rng: Rng, uri: string): string {
  const [path = '/', query = ''] = uri.split(/\?(.*)/s);
  const params = query === '' ? [] : query.split('&');
  const i = rng.int(params.length + 1);
  const key = (params[i] ?? '').split('=')[0] ?? '';
  switch (rng.int(6)) {
    case 0:
      params[i] = `${key || token(rng)}=${pathSafe(weirdValue(rng))}`;
      break;
    case 1:
      params.splice(i, 1);
      break;
    case 2:
      params.splice(i, 0, ...Array.from({ length: rng.between(2, 200) }, () => params[i] ?? `${key}=1`));
      break;
    case 3:
      params.push(`${pathSafe(asciiString(rng, rng.between(1, 12)))}=${pathSafe(weirdValue(rng))}`);
      break;
    case 4:
      params.splice(i, 0, rng.pick(['&&', '==', '=', '%', '%%%', '?', 'a=b=c', '&=&', '#frag']));
      break;
    default:
      params.push(`pad=${'9'.repeat(rng.between(1000, 12_000))}`);
  }
  return `${path}?${params.join('&')}`;
}

function mutateBody(rng: Rng, body: string): string | Uint8Array {
  switch (rng.int(6)) {
    case 0: {
      // Byte-level damage to the text: flips, cuts, stray quotes and brackets.
      const chars = [...body];
      for (let k = rng.between(1, 6); k > 0 && chars.length > 0; k--) {
        const at = rng.int(chars.length);
        if (rng.chance(0.5)) chars[at] = rng.pick(['"', '{', '}', '[', ']', ',', ':', '\\', '\u0000', 'é']);
        else chars.splice(at, rng.between(1, 20));
      }
      return chars.join('');
    }
    case 1:
      return mutateJson(rng, body);
    case 2: {
      const depth = rng.between(10, 50_000);
      return rng.chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    }
    case 3:
      return rng.chance(0.5)
        ? 'x'.repeat(rng.between(1, MAX_HTTP_BODY_BYTES))
        : `[${Array.from({ length: rng.between(100, 9000) }, () => rng.int(1e6)).join(',')}]`;
    case 4:
      return rng.bytes(randomLength(rng, MAX_RANDOM_BYTES));
    default:
      return body.slice(0, rng.int(body.length + 1));
  }
}

/** Replaces a random value inside a JSON body with something of the wrong type or range. */
function mutateJson(rng: Rng, body: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return body + rng.pick(['}', ']', ',', '"']);
  }
  const strange: unknown[] = [
    null,
    -1,
    1e308,
    -1e308,
    0,
    '',
    'NaN',
    true,
    [],
    {},
    [[[[]]]],
    'x'.repeat(5000),
    { $ref: '#' },
  ];
  const replacement = rng.chance(0.7) ? rng.pick(strange) : weirdValue(rng);
  const walk = (node: unknown, depth: number): unknown => {
    if (node === null || typeof node !== 'object') return rng.chance(0.3) ? replacement : node;
    const keys = Object.keys(node);
    if (keys.length === 0 || rng.chance(0.15) || depth > 8) return replacement;
    const copy: Record<string, unknown> = Array.isArray(node)
      ? ([...(node as unknown[])] as unknown as Record<string, unknown>)
      : { ...node };
    const key = rng.pick(keys);
    if (rng.chance(0.1)) delete copy[key];
    else copy[key] = walk(copy[key], depth + 1);
    return copy;
  };
  return JSON.stringify(walk(doc, 0));
}

function randomRequest(rng: Rng): FuzzRequest {
  const path = `/${pathSafe(asciiString(rng, rng.int(64)))}${rng.chance(0.5) ? `?${pathSafe(asciiString(rng, rng.int(200)))}` : ''}`;
  return {
    method: rng.chance(0.5) ? 'POST' : rng.pick(METHODS),
    path,
    headers: rng.chance(0.5) ? { 'content-type': rng.pick(CONTENT_TYPES) } : {},
    body: rng.chance(0.5) ? asciiString(rng, randomLength(rng)) : rng.bytes(randomLength(rng)),
  };
}

/** Bytes that only look like HTTP, or do not at all: sent on a bare TCP connection. */
function rawInput(rng: Rng, corpus: HttpCorpus): HttpInput {
  if (rng.chance(0.3) || corpus.requests.length === 0)
    return { kind: 'raw', bytes: rng.bytes(randomLength(rng)), how: 'raw:random' };
  const r = toFuzzRequest(rng.pick(corpus.requests));
  const body = typeof r.body === 'string' ? encoder.encode(r.body) : r.body;
  const head = encoder.encode(
    `${rng.chance(0.2) ? rng.pick(['CONNECT', 'GET', 'PRI']) : r.method} ${r.path} HTTP/1.1\r\nHost: x\r\n` +
      `${rng.pick(['content-length: ' + body.length, 'content-length: -1', 'content-length: 99999999', 'transfer-encoding: chunked', 'upgrade: websocket'])}\r\n\r\n`,
  );
  const bytes = concat([head, body]);
  for (let k = rng.between(0, 4); k > 0 && bytes.length > 0; k--) bytes[rng.int(bytes.length)] = rng.int(256);
  return { kind: 'raw', bytes, how: 'raw:mutated' };
}

function token(rng: Rng): string {
  const alphabet = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return Array.from({ length: rng.between(1, 12) }, () => alphabet[rng.int(alphabet.length)]).join('');
}

/** node:http refuses paths with bytes outside 0x21–0xFF: those are percent-encoded (0x80+ as well, for simplicity). */
export function pathSafe(s: string): string {
  return s.replace(/[^\x21-\x7e]/g, (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`);
}

/** node:http refuses header values with control characters. */
function headerSafe(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').slice(0, 8000);
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
}
