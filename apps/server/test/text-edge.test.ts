import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS, API_PATHS } from '@jejak/contract';
import { sampleRequest, withLeaf, type SampleValues } from '../../../packages/contract/src/testing/request-samples.ts';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';

/*
 * Text the store cannot hold (a NUL byte: PostgreSQL text refuses it; a lone surrogate: not
 * UTF-8) must be refused at the edge with a 400 naming the field, on every route the contract
 * lists. Bodies are made from each route's request schema, so a new route is covered as soon
 * as it is listed.
 */
const POISONS = { nul: 'a\u0000b', surrogate: 'a\ud800b' } as const;

interface Outcome {
  route: string;
  field: string;
  poison: string;
  status: number;
  message: string;
}

describe.each(await dbKinds())('text at the edge on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Real ids of the super user's world, so a poisoned body passes every other check and reaches the store. */
  async function knownValues(c: ReturnType<typeof apiClient>): Promise<SampleValues> {
    const me = await c.login('super@demo.jejak.my');
    const h = await c.post('/user/gethierarchy', { uid: me.uid });
    const vehicle = (h.body.vehicles as { vid: string; dvid: string }[])[0];
    return {
      uid: me.uid,
      userHierarchy: me.userHierarchy,
      vid: vehicle?.vid ?? '',
      vids: vehicle?.vid ?? '',
      dvid: vehicle?.dvid ?? '',
      email: 'super@demo.jejak.my',
      userEmail: 'super@demo.jejak.my',
      password: 'demo1234',
      currentPassword: 'demo1234',
    };
  }

  it('refuses NUL bytes and lone surrogates in every text field of every route with a 400 naming it', async () => {
    const c = apiClient(server.baseUrl);
    const known = await knownValues(c);
    const outcomes: Outcome[] = [];
    for (const route of Object.values(API_PATHS)) {
      const op = API_OPERATIONS.find((o) => o.path === route);
      if (!op?.request) continue;
      const { body, textPaths } = sampleRequest(op.request, known);
      for (const path of textPaths) {
        for (const [poison, bad] of Object.entries(POISONS)) {
          const r = await c.post(route, withLeaf(body, path, `${known[String(path.at(-1))] ?? ''}${bad}`));
          outcomes.push({ route, field: path.join('.'), poison, status: r.status, message: String(r.body.message) });
        }
      }
    }
    const errors = outcomes.filter((o) => o.status >= 500);
    console.info(
      `text edge on ${kind}: ${outcomes.length} poisoned requests over ${new Set(outcomes.map((o) => o.route)).size} routes;` +
        ` ${errors.length} answered 5xx on ${new Set(errors.map((o) => o.route)).size} routes`,
    );
    const wrong = outcomes.filter((o) => o.status !== 400 || !o.message.startsWith(`${o.field}: `));
    expect(wrong).toEqual([]);
    // Sign-in and the id-bearing calls are among them: the walk did reach the routes.
    expect(outcomes.some((o) => o.route === API_PATHS.login)).toBe(true);
    expect(outcomes.length).toBeGreaterThan(100);
  });

  it('lists an operation for every POST path, so the walk misses none', () => {
    const uncovered = Object.values(API_PATHS).filter(
      (path) => path !== API_PATHS.openapi && !API_OPERATIONS.some((o) => o.path === path),
    );
    expect(uncovered).toEqual([]);
  });
});
