import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, DOC_PATHS, LIVE_PATH } from '@jejak/contract';
import { SESSION_COOKIE } from '../src/http/session.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** ADR 0088: the docs page and the two documents, served by the server itself. */
describe('the API docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (path: string) => fetch(`${server.baseUrl}${API_BASE}${path}`);

  it('serves a page that loads only its own files, under the strict CSP', async () => {
    const res = await get(DOC_PATHS.docs);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    const html = await res.text();
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    // No inline script: every <script> names its file.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, asset).toMatch(new RegExp(`^${API_BASE}${DOC_PATHS.docs}/static/`));
      const file = await fetch(`${server.baseUrl}${asset}`);
      expect(file.status, asset).toBe(200);
      await file.arrayBuffer();
    }
    // The static files are served under /static only.
    expect((await get(`${DOC_PATHS.docs}/swagger-ui.css`)).status).toBe(404);
  });

  it('starts Swagger UI on our document, with no call to the public validator', async () => {
    const script = await (await get(`${DOC_PATHS.docs}/static/swagger-initializer.js`)).text();
    expect(script).toContain('validatorUrl: null');
    expect(script).toContain('"layout":"BaseLayout"');
    const mine = await (await get(API_PATHS.openapi)).json();
    expect(await (await get(`${DOC_PATHS.docs}/json`)).json()).toEqual(mine);
  });

  it("names the server's session cookie in both documents", async () => {
    const openapi = (await (await get(API_PATHS.openapi)).json()) as {
      components: { securitySchemes: { cookieAuth: { name: string } } };
    };
    expect(openapi.components.securitySchemes.cookieAuth.name).toBe(SESSION_COOKIE);
    const res = await get(DOC_PATHS.asyncapi);
    expect(res.status).toBe(200);
    const asyncapi = (await res.json()) as {
      asyncapi: string;
      channels: { live: { address: string } };
      components: { securitySchemes: { cookieAuth: { name: string } } };
    };
    expect(asyncapi.asyncapi).toBe('3.0.0');
    expect(asyncapi.channels.live.address).toBe(LIVE_PATH);
    expect(asyncapi.components.securitySchemes.cookieAuth.name).toBe(SESSION_COOKIE);
  });
});
