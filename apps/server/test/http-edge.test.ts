import { connect } from 'node:net';
import { request } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS, API_PATHS, LIVE_SESSION_ENDED_CLOSE } from '@jejak/contract';
import { sampleRequest } from '../../../packages/contract/src/testing/request-samples.ts';
import { apiClient, startTestServer, type TestServer } from './harness.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request as a client may send it, without fetch's normalising (bad URLs, odd content types). */
function raw(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
) {
  const url = new URL(baseUrl);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Bytes Node's HTTP parser refuses, straight on a socket. */
function rawBytes(baseUrl: string, bytes: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const json = { 'content-type': 'application/json' };

describe('HTTP edge: headers, framework errors, the V1 gate', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends the security headers and no-store on API answers, errors included', async () => {
    for (const answer of [
      await raw(server.baseUrl, 'GET', '/api/version'),
      await raw(server.baseUrl, 'POST', '/api/auth/session', json, '{}'),
      await raw(server.baseUrl, 'POST', '/api/no/such/call', json, '{}'),
      await raw(server.baseUrl, 'POST', '/api/auth/login', json, '{"email":'),
    ]) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      // The cookie is not Secure here: the site may be plain HTTP, so no HSTS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it.each<[string, string, string, Record<string, string>, (string | Buffer)?]>([
    ['a malformed URL', 'GET', '/api/%E0%A4%A', {}],
    ['a malformed URL outside the API', 'GET', '/%E0%A4%A', {}],
    ['an unsupported content type', 'POST', '/api/auth/login', { 'content-type': 'application/xml' }, '<a/>'],
    ['a malformed content type', 'POST', '/api/auth/login', { 'content-type': ';;;' }, 'x'],
    ['bad JSON', 'POST', '/api/auth/login', json, '{"email":'],
    ['an empty JSON body', 'POST', '/api/auth/login', json, ''],
    ['a body too large', 'POST', '/api/auth/login', json, Buffer.alloc(1024 * 1024 + 1, 32)],
    ['an unknown route', 'POST', '/api/user/nothing', json, '{}'],
    ['a method the route does not take', 'GET', '/api/auth/login', {}],
    ['another method the route does not take', 'DELETE', '/api/user/getInfo', {}],
  ])('answers %s in the {status, errorType, message} shape', async (_what, method, path, headers, body) => {
    const answer = await raw(server.baseUrl, method, path, headers, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(['errorType', 'message', 'status']);
    expect(parsed.status).toBe(answer.status);
    expect(typeof parsed.errorType).toBe('string');
    expect(typeof parsed.message).toBe('string');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('names the allowed method on a 405', async () => {
    const answer = await raw(server.baseUrl, 'GET', '/api/auth/login');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
  });

  it('answers a request the HTTP parser refuses in the same shape', async () => {
    const answer = await rawBytes(server.baseUrl, 'GET /api/version HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['errorType', 'message', 'status']);
    expect(body.status).toBe(400);
  });

  it('refuses a V1-only user on every V2 call but the stage gate, as the console does', async () => {
    const legacy = apiClient(server.baseUrl);
    const me = await legacy.login('legacy@demo.jejak.my');
    // What the console's stage gate needs stays open: who is signed in, its own stages, sign-out.
    expect((await legacy.post(API_PATHS.session)).status).toBe(200);
    expect((await legacy.post(API_PATHS.userGetInfo, { uid: me.uid })).status).toBe(200);
    const owner = await apiClient(server.baseUrl).login('owner@demo.jejak.my');
    const foreign = await legacy.post(API_PATHS.userGetInfo, { uid: owner.uid });
    expect(foreign.body).toEqual({ status: 403, errorType: 'StageV1Only', message: 'This account uses the V1 site' });

    const open = new Set<string>([API_PATHS.session, API_PATHS.userGetInfo, API_PATHS.logout]);
    const gated = API_OPERATIONS.filter((op) => op.access !== 'public' && !open.has(op.path));
    expect(gated.length).toBeGreaterThan(40);
    const answers = await Promise.all(
      gated.map(async (op) => {
        const { body } = op.request ? sampleRequest(op.request, { uid: me.uid }) : { body: {} };
        return { path: op.path, ...(await legacy.post(op.path, body)) };
      }),
    );
    expect(answers.filter((a) => a.status !== 403 || a.body.errorType !== 'StageV1Only').map((a) => a.path)).toEqual(
      [],
    );
    expect((await legacy.post(API_PATHS.logout)).status).toBe(200);
  });

  it('closes the live socket of a V1-only user and keeps a V2 user’s', async () => {
    const close = async (email: string) => {
      const c = apiClient(server.baseUrl);
      const me = await c.login(email);
      const ws = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/live`, {
        headers: { cookie: c.cookie ?? '' },
        origin: server.baseUrl,
      });
      const first = new Promise<string>((resolve) => {
        ws.on('message', (data: Buffer) => resolve(`message ${data.toString().slice(0, 40)}`));
        ws.on('close', (code) => resolve(`closed ${code}`));
      });
      ws.on('open', () => ws.send(JSON.stringify({ action: 'subscribeTo', data: { ids: [], uid: me.uid } })));
      const outcome = await first;
      ws.close();
      return outcome;
    };
    expect(await close('legacy@demo.jejak.my')).toBe(`closed ${LIVE_SESSION_ENDED_CLOSE}`);
    expect(await close('owner@demo.jejak.my')).toMatch(/^message \{"mode":"subscribed"/);
  });
});

describe('HTTP edge behind HTTPS (Secure cookies)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_COOKIE_SECURE: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const answer = await raw(server.baseUrl, 'GET', '/api/version');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(String(answer.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
