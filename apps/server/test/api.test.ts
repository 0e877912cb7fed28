import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();

describe.each(kinds)('API on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_LOGIN_MAX_PER_MINUTE: '8' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('rejects a malformed e-mail with the spec text', async () => {
    const r = await apiClient(server.baseUrl).post('/auth/login', { email: 'not-an-email', password: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 400, errorType: 'InvalidEmail', message: 'Please enter a valid email address' });
  });

  it('tells an unknown user and a wrong password apart, as the spec asks', async () => {
    const c = apiClient(server.baseUrl);
    const unknown = await c.post('/auth/login', { email: 'nobody@demo.jejak.my', password: 'demo1234' });
    expect(unknown.body.message).toBe('User does not exist');
    const wrong = await c.post('/auth/login', { email: 'owner2@demo.jejak.my', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Entered a wrong password, please try again');
    expect(c.cookie).toBeNull();
  });

  it('signs in with an httpOnly SameSite cookie and finds the session again', async () => {
    const c = apiClient(server.baseUrl);
    const r = await c.post('/auth/login', { email: 'OWNER@demo.jejak.my', password: 'demo1234' });
    expect(r.status).toBe(200);
    expect(r.setCookie).toMatch(/HttpOnly/i);
    expect(r.setCookie).toMatch(/SameSite=Lax/i);
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/i);
    const s = await c.post('/auth/session');
    expect(s.status).toBe(200);
    expect((s.body.user as { userEmail: string }).userEmail).toBe('owner@demo.jejak.my');
  });

  it('refuses calls without a session', async () => {
    const r = await apiClient(server.baseUrl).post('/user/getInfo', { uid: 'x' });
    expect(r.status).toBe(401);
    expect(r.body.errorType).toBe('Unauthenticated');
  });

  it('returns stage records; a V1-only user has no V2 record', async () => {
    const owner = apiClient(server.baseUrl);
    const me = await owner.login('owner@demo.jejak.my');
    const info = await owner.post('/user/getInfo', { uid: me.uid });
    expect((info.body.user as { stage: string }[]).map((s) => s.stage)).toEqual(['V1', 'V2']);
    const legacy = apiClient(server.baseUrl);
    const old = await legacy.login('legacy@demo.jejak.my');
    const oldInfo = await legacy.post('/user/getInfo', { uid: old.uid });
    expect((oldInfo.body.user as { stage: string }[]).map((s) => s.stage)).toEqual(['V1']);
  });

  it('answers a bad body with 400 naming the field', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('owner@demo.jejak.my');
    const r = await c.post('/user/getInfo', { uid: 42 });
    expect(r.status).toBe(400);
    expect(r.body.errorType).toBe('ValidationException');
    expect(r.body.message).toMatch(/^uid: /);
    const broken = await c.post('/user/getInfo', '{"uid": ');
    expect(broken.status).toBe(400);
  });

  it('limits each user to its own subtree and vehicle groups', async () => {
    const counts: Record<string, number> = {};
    const uids: Record<string, string> = {};
    for (const who of ['super', 'distributor', 'owner', 'operator', 'owner2']) {
      const c = apiClient(server.baseUrl);
      const me = await c.login(`${who}@demo.jejak.my`);
      uids[who] = me.uid;
      const h = await c.post('/user/gethierarchy', { uid: me.uid });
      expect(h.status).toBe(200);
      counts[who] = (h.body.vehicles as unknown[]).length;
      expect((h.body.devices as unknown[]).length).toBe(counts[who]);
    }
    expect(counts).toEqual({ super: 20, distributor: 20, owner: 12, operator: 5, owner2: 8 });

    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    const foreign = await owner.post('/user/gethierarchy', { uid: uids.owner2 });
    const missing = await owner.post('/user/gethierarchy', { uid: 'no-such-user' });
    // A foreign user answers exactly like a missing one: no existence hint.
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const up = await owner.post('/user/getInfo', { uid: uids.distributor });
    expect(up.status).toBe(404);
    const down = await owner.post('/user/gethierarchy', { uid: uids.operator });
    expect((down.body.vehicles as unknown[]).length).toBe(5);
  });

  it('ends the session on logout', async () => {
    const c = apiClient(server.baseUrl);
    await c.login('operator@demo.jejak.my');
    const cookie = c.cookie;
    await c.post('/auth/logout');
    const again = await fetch(`${server.baseUrl}/api/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie ?? '' },
      body: '{}',
    });
    expect(again.status).toBe(401);
  });

  it('rate-limits sign-in attempts per address', async () => {
    const c = apiClient(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await c.post('/auth/login', { email: 'ratelimit@demo.jejak.my', password: 'x' })).status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('publishes an OpenAPI document covering every call it serves', async () => {
    const res = await fetch(`${server.baseUrl}/api/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, object> };
    expect(res.status, JSON.stringify(doc)).toBe(200);
    // OpenAPI names a path parameter {token}; the router prints it :token.
    const documented = Object.keys(doc.paths)
      .map((p) => p.replace(/\{(\w+)\}/g, ':$1'))
      .sort();
    // The route tree prints a path under its prefix route as the rest only ('│   └── /pdf'), four
    // characters deeper: join each line to the path of the line it hangs from.
    const parents: string[] = [];
    const served = server.app.http
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => {
        const indent = /^[\s│├└─]*/.exec(line)?.[0].length ?? 0;
        const depth = Math.max(0, indent / 4 - 1);
        const path = (parents[depth - 1] ?? '') + (line.slice(indent).split(' (')[0] ?? '');
        parents.length = depth;
        parents.push(path);
        return path;
      })
      // The live socket, the documents and the docs page (ADR 0088) are not calls.
      .filter(
        (p) =>
          p.startsWith('/api/') &&
          !['/api/live', '/api/openapi.json', '/api/asyncapi.json'].includes(p) &&
          !p.startsWith('/api/docs'),
      );
    expect(documented).toEqual([...new Set(served)].sort());
    expect(JSON.stringify(doc.paths['/api/auth/login'])).toContain('"email"');
  });

  it('serves its version', async () => {
    const r = await fetch(`${server.baseUrl}/api/version`);
    expect(((await r.json()) as { version: string }).version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
