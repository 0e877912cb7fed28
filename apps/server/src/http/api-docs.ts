import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_BASE, API_PATHS, buildAsyncApiDocument, buildOpenApiDocument, DOC_PATHS } from '@jejak/contract';

/**
 * At phone width a group's description goes under its name, the filter takes the whole row and
 * the operation ids (shown on a wider screen) leave the rows to the paths and summaries.
 */
const NARROW_CSS = `@media (max-width: 600px) {
  .swagger-ui .opblock-tag { flex-wrap: wrap; }
  .swagger-ui .opblock-tag small { order: 3; flex-basis: 100%; padding: 0 0 8px; }
  .swagger-ui .filter .operation-filter-input { width: 100%; max-width: none; }
  .swagger-ui .opblock .opblock-summary-operation-id { display: none; }
}
`;

/**
 * The API's documents and its docs page, registered on the API base beside the route table
 * (ADR 0088): /openapi.json, /asyncapi.json (the live channel) and /docs, Swagger UI served from
 * its package's own files — nothing from another host, under the console's Content-Security-Policy.
 */
export async function registerApiDocs(api: FastifyInstance, version: string): Promise<void> {
  const openapi = buildOpenApiDocument(version);
  const asyncapi = buildAsyncApiDocument(version);
  api.get(API_PATHS.openapi, async () => openapi);
  api.get(DOC_PATHS.asyncapi, async () => asyncapi);
  // Swagger UI reads the document through @fastify/swagger; static mode only hands it ours.
  await api.register(fastifySwagger, { mode: 'static', specification: { document: openapi as never } });
  await api.register(fastifySwaggerUi, {
    routePrefix: DOC_PATHS.docs,
    // The page links its assets by absolute path; the plugin sees only its prefix under ours.
    indexPrefix: API_BASE,
    theme: { title: 'Jejak API', css: [{ filename: 'jejak.css', content: NARROW_CSS }] },
    // No call to the public validator (the default badge would load an image from its host).
    validatorUrl: false,
    uiConfig: {
      // No top bar: it is a field to load any other document.
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      displayOperationId: true,
      filter: true,
      persistAuthorization: false,
    },
  });
}
