import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@jejak/contract';

/**
 * The Content-Security-Policy of the console (ADR 0035). Everything it loads is ours: the
 * scripts and styles Vite built, the MapLibre worker module (served from /assets, and the
 * blob: workers MapLibre may start), the offline basemap's data (fetched from /assets) and the
 * live WebSocket on the same host ('self' matches ws: and wss: there, CSP level 3), and the
 * street map's hosts when one is configured (map-settings.ts: its style, tiles, glyphs and
 * sprites are fetched, hence connect-src, and drawn as images). antd writes
 * its CSS-in-JS into <style> elements and style attributes, hence 'unsafe-inline' for styles
 * only; scripts stay 'self'.
 */
export function contentSecurityPolicy(secure: boolean, mapOrigins: readonly string[] = []): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mapOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...mapOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  // Only behind HTTPS: on a plain-HTTP install it would send the console's requests to a port
  // that does not answer.
  if (secure) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** HSTS for a year, and only when the session cookie is Secure: that is the sign the site is HTTPS. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: false };

/**
 * Security headers on every answer (console, API, errors) with @fastify/helmet, and
 * `Cache-Control: no-store` on every API answer: they carry one user's data and must not be
 * kept by a browser or a shared cache.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
  mapOrigins: readonly string[] = [],
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(secure, mapOrigins) },
    strictTransportSecurity: secure ? HSTS : false,
    referrerPolicy: { policy: 'no-referrer' },
    // The console needs no cross-origin isolation (map tiles from another host would break it).
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isApiUrl(request.url)) void reply.header('cache-control', 'no-store');
  });
}

export function isApiUrl(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}
