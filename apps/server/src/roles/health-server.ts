import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_BASE, API_PATHS, type VersionResponse } from '@jejak/contract';
import type { Config } from '../config/schema.ts';
import { registerOperations, type Operations } from '../ops/operations.ts';
import { APP_VERSION } from './shared.ts';

/**
 * The HTTP side of a node without the API (gateway, scheduler): /healthz, /readyz (which load
 * balancers and orchestrators poll), /metrics and the version call, writing to the process's log.
 */
export function createHealthServer(config: Config, log: FastifyBaseLogger, operations: Operations): FastifyInstance {
  const app = Fastify({ loggerInstance: log, disableRequestLogging: true });
  registerOperations(app, operations);
  app.get(`${API_BASE}${API_PATHS.version}`, async (): Promise<VersionResponse> => ({
    version: APP_VERSION,
    region: config.JEJAK_REGION,
  }));
  return app;
}

/** Starts answering on JEJAK_HTTP_HOST:JEJAK_HTTP_PORT; resolves with the address (127.0.0.1 for 0.0.0.0). */
export async function listenHttp(app: FastifyInstance, config: Config): Promise<string> {
  const address = await app.listen({ host: config.JEJAK_HTTP_HOST, port: config.JEJAK_HTTP_PORT });
  return address.replace('0.0.0.0', '127.0.0.1');
}
