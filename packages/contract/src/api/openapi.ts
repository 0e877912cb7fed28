import { z } from 'zod';
import { ErrorBodySchema } from '../core/errors.ts';
import { API_OPERATIONS } from './operation-table.ts';
import { API_BASE } from './routes.ts';

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});

/** The OpenAPI 3.1 document, generated from the route table the server registers and validates with. */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    paths[API_BASE + op.path] = {
      [op.method]: {
        summary: op.summary,
        // Public calls need neither; every other takes the global security below.
        ...(op.access === 'public' ? { security: [] } : {}),
        ...(op.request
          ? { requestBody: { required: !op.request.safeParse(undefined).success, content: json(op.request) } }
          : {}),
        responses: {
          200: {
            description: 'OK',
            content: op.responseType
              ? { [op.responseType]: { schema: { type: 'string', format: 'binary' } } }
              : json(op.response),
          },
          default: { description: 'Error: {status, errorType, message}', content: json(ErrorBodySchema) },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Jejak API', version },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'jejak_sid' },
        // An API token of the Profile screen (ADR 0087): `Authorization: Bearer jjk_…`.
        bearer: { type: 'http', scheme: 'bearer', description: 'API token (Profile → API tokens)' },
      },
    },
    // The console's session cookie or an API token: either one.
    security: [{ session: [] }, { bearer: [] }],
    paths,
  };
}
