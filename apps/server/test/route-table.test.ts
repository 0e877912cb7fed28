import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  API_OPERATIONS,
  API_PATHS,
  API_TOKEN_TEXTS,
  DOC_PATHS,
  LIVE_PATH,
  OPERATION_EFFECTS,
  OPERATIONS,
  type Access,
  type OperationName,
} from '@jejak/contract';
import { signIn } from './accounts-fixture.ts';
import type { Gate } from './authz-world/objects.ts';
import { ROUTE_SPECS } from './authz-world/route-specs.ts';
import { startTestServer, type TestServer } from './harness.ts';

/*
 * ADR 0065: the server registers its API routes from the contract's route table, so every
 * route it serves is an operation of the table and every operation is served. The few routes
 * outside the table are named here with their reason.
 */
const SPECIAL = new Set([
  // The table's own document: not an operation of it.
  `GET ${API_BASE}${API_PATHS.openapi}`,
  // The live channel's document (AsyncAPI), generated from its message schemas (ADR 0088).
  `GET ${API_BASE}${DOC_PATHS.asyncapi}`,
  // The docs page, Swagger UI (ADR 0088): its page, the page's old address (a redirect), its
  // start script, our narrow-screen style, its own copy of the document (JSON and YAML) and its
  // static files (under /static/: the route tree prints that wildcard as /*).
  ...[
    '',
    '/',
    '/static/index.html',
    '/static/swagger-initializer.js',
    '/static/theme/jejak.css',
    '/json',
    '/yaml',
    '/*',
  ].map((rest) => `GET ${API_BASE}${DOC_PATHS.docs}${rest}`),
  // The live channel: a WebSocket upgrade, not a call.
  `GET ${LIVE_PATH}`,
]);

/** "METHOD /path" of every route the server serves under the API base (HEAD left out: Fastify adds it to GET). */
function servedRoutes(server: TestServer): string[] {
  const parents: string[] = [];
  return server.app.http
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const indent = /^[\s│├└─]*/.exec(line)?.[0].length ?? 0;
      const depth = Math.max(0, indent / 4 - 1);
      const [segment = '', methods = ''] = line.slice(indent).split(' (');
      const path = (parents[depth - 1] ?? '') + segment;
      parents.length = depth;
      parents.push(path);
      if (!path.startsWith(`${API_BASE}/`) || !methods) return [];
      return methods
        .replace(')', '')
        .split(', ')
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${path}`);
    });
}

/** The grant the authorization matrix expects of a call, as an access entry says it. */
function gateOf(access: Access): Gate | 'session' {
  if (access === 'public' || access === 'signedIn') return 'any';
  if (access === 'session') return 'session';
  if ('call' in access) return access.call;
  return access.roles.join() === 'super,support' ? 'global' : 'session';
}

describe('the route table (ADR 0065)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves every operation of the table, and nothing under the API that is not in it', () => {
    // The table names a path parameter as OpenAPI does ({token}); the router serves it as :token.
    const table = API_OPERATIONS.map(
      (op) => `${op.method.toUpperCase()} ${API_BASE}${op.path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    const served = servedRoutes(server);
    expect(new Set(table).size).toBe(table.length);
    expect(table.filter((route) => !served.includes(route))).toEqual([]);
    expect(served.filter((route) => !table.includes(route) && !SPECIAL.has(route))).toEqual([]);
    expect([...SPECIAL].filter((route) => !served.includes(route))).toEqual([]);
  });

  it('names every path of API_PATHS by the key of its operation', () => {
    const byName = Object.entries(OPERATIONS).map(([name, op]) => [name, op.path]);
    const paths = Object.entries(API_PATHS).filter(([name]) => name !== 'openapi');
    expect(Object.fromEntries(byName)).toEqual(Object.fromEntries(paths));
  });

  it('gates each call as the authorization matrix expects', () => {
    const disagree = Object.entries(OPERATIONS).flatMap(([name, op]) => {
      const spec = ROUTE_SPECS[name as keyof typeof ROUTE_SPECS];
      if ('skip' in spec) return op.access === 'public' ? [] : [`${name}: skipped by the matrix but not public`];
      const gate = gateOf(op.access);
      // 'session': the service checks the rest (a grant that depends on the body, or one it
      // checks after a body check of its own); the matrix holds it to its gate either way.
      if (gate === 'session' || gate === spec.gate) return [];
      return [`${name}: table ${JSON.stringify(op.access)}, matrix ${spec.gate}`];
    });
    expect(disagree).toEqual([]);
  });

  it('lets an API token call exactly what its scope allows, by the effect table (ADR 0087)', async () => {
    const { c } = await signIn(server.baseUrl, 'super');
    const tokenOf = async (scope: string) =>
      String((await c.post('/apitoken/add', { name: scope, scope, expiresInDays: 1 })).body.token);
    const tokens = { read: await tokenOf('read'), full: await tokenOf('full') };
    const refusal = { change: API_TOKEN_TEXTS.readOnly, password: API_TOKEN_TEXTS.sessionOnly };
    const wrong: string[] = [];
    for (const [name, op] of Object.entries(OPERATIONS)) {
      // Public calls read no token; the gate's check is for the others.
      if (op.access === 'public') continue;
      const effect = OPERATION_EFFECTS[name as OperationName];
      for (const scope of ['read', 'full'] as const) {
        // An empty body: refused by the gate before the body is read, or a 400 after it.
        const res = await fetch(`${server.baseUrl}${API_BASE}${op.path}`, {
          method: op.method.toUpperCase(),
          headers: { authorization: `Bearer ${tokens[scope]}`, 'content-type': 'application/json' },
          ...(op.method === 'post' ? { body: '{}' } : {}),
        });
        const type = res.headers.get('content-type') ?? '';
        const message = type.startsWith('application/json') ? ((await res.json()) as { message?: string }).message : '';
        if (!type.startsWith('application/json')) await res.arrayBuffer();
        const expected =
          effect === 'password' || (scope === 'read' && effect === 'change') ? refusal[effect] : undefined;
        const got = Object.values(refusal).find((m) => m === message);
        if (got !== expected || (expected && res.status !== 403))
          wrong.push(`${name} (${effect}) with a ${scope} token: ${res.status} ${message ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
