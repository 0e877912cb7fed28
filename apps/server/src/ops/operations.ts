import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';
import type { ReadinessReport } from './readiness.ts';

/** What every HTTP server of a process answers besides its own routes (ADR 0084). */
export interface Operations {
  metrics: Metrics;
  readiness: () => Promise<ReadinessReport>;
  /** JEJAK_METRICS_TOKEN: /metrics from anywhere with it as a Bearer token; loopback only without. */
  metricsToken: string | undefined;
}

export const OPERATION_PATHS = { metrics: '/metrics', healthz: '/healthz', readyz: '/readyz' } as const;
const QUIET_ROUTES = new Set<string>(Object.values(OPERATION_PATHS));

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Equal secrets, compared in constant time (their digests have one length whatever theirs). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export const isLoopback = (address: string | undefined) =>
  address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;

/**
 * Whether the request may read what only operators see. Loopback means the connection's own peer
 * (not `request.ip`, which a trusted proxy sets) with no forwarding header: a proxy on the same
 * host that passes outside requests on adds one, and those are refused.
 */
export function operatorRequest(request: FastifyRequest, token: string | undefined): 'ok' | 401 | 403 {
  if (token !== undefined) {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    return match?.[1] !== undefined && sameSecret(match[1], token) ? 'ok' : 401;
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return isLoopback(request.socket.remoteAddress) && !forwarded ? 'ok' : 403;
}

/** Answers a request `operatorRequest` refused; returns whether it did. */
export async function refuseNonOperator(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
): Promise<boolean> {
  const verdict = operatorRequest(request, token);
  if (verdict === 'ok') return false;
  if (verdict === 401) void reply.header('www-authenticate', 'Bearer');
  await reply
    .status(verdict)
    .type('text/plain')
    .send(verdict === 401 ? 'unauthorized\n' : 'forbidden\n');
  return true;
}

/**
 * The access log and the HTTP metrics (one line and one observation per request, by route
 * pattern), then /healthz, /readyz and /metrics. Call it before any route or plugin is
 * registered, so its hook covers them all.
 */
export function registerOperations(app: FastifyInstance, ops: Operations): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    ops.metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    // The path without its query (a token may ride there); no header, cookie or body.
    const line = {
      method: request.method,
      path: request.url.split('?', 1)[0],
      route,
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    // Load balancers and scrapers ask every few seconds: their lines only at debug.
    if (QUIET_ROUTES.has(route)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });

  app.get(OPERATION_PATHS.healthz, async () => ({ status: 'alive' }));
  app.get(OPERATION_PATHS.readyz, async (_request, reply) => {
    const report = await ops.readiness();
    return reply.status(report.ready ? 200 : 503).send({ status: report.ready ? 'ready' : 'not ready', ...report });
  });
  app.get(OPERATION_PATHS.metrics, async (request, reply) => {
    if (await refuseNonOperator(request, reply, ops.metricsToken)) return reply;
    return reply.type(ops.metrics.contentType).send(await ops.metrics.text());
  });
}
