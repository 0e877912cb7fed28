import { z } from 'zod';
import { ERROR_TYPES, ErrorBodySchema, MESSAGES } from '../core/errors.ts';
import { LIVE_PATH } from '../core/live.ts';
import type { Access, Operation } from './operation.ts';
import { OPERATION_DESCRIPTIONS, OPERATION_TAGS } from './openapi-docs.ts';
import { OPERATION_EXAMPLES } from './openapi-examples.ts';
import type { OperationName } from './operation-table.ts';
import { API_BASE, DOC_PATHS } from './routes.ts';

/** The console's session cookie (set by /auth/login, httpOnly). */
export const SESSION_COOKIE_NAME = 'jejak_sid';

/*
 * How a caller proves who it is (ADR 0088): an API token in `Authorization: Bearer`, or the
 * session cookie the console gets from /auth/login. Every call but the public ones takes either.
 */
const SECURITY = {
  schemes: {
    bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token: `Authorization: Bearer <token>`.' },
    cookieAuth: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE_NAME,
      description: 'The session cookie /auth/login sets (what the console and a signed-in browser use).',
    },
  },
  either: [{ bearerAuth: [] }, { cookieAuth: [] }],
};

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const json = (schema: z.ZodType | object, example: unknown) => ({
  'application/json': {
    schema: schema instanceof z.ZodType ? jsonSchema(schema) : schema,
    ...(example === undefined ? {} : { example }),
  },
});

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string, status: number, errorType: string, message: string) => ({
  description,
  content: json(ERROR_REF, { status, errorType, message }),
});

/** The failures every call shares, named once; each operation lists those it can answer. */
const ERROR_RESPONSES = {
  ValidationError: errorResponse(
    'The body does not match the schema; the message names the field ("path: problem").',
    400,
    ERROR_TYPES.validation,
    'vid: Invalid input: expected string, received undefined',
  ),
  Unauthenticated: errorResponse(
    'No session or token, or it ended: sign in again.',
    401,
    ERROR_TYPES.unauthenticated,
    MESSAGES.unauthenticated,
  ),
  Forbidden: errorResponse(
    "The caller's role lacks the grant, or the user has only a V1 stage (`StageV1Only`).",
    403,
    ERROR_TYPES.forbidden,
    MESSAGES.forbidden,
  ),
  NotFound: errorResponse(
    "An object the body names does not exist or is outside the caller's hierarchy (the two are not told apart).",
    404,
    ERROR_TYPES.notFound,
    'Vehicle not found',
  ),
  TooManyRequests: {
    ...errorResponse(
      'Too many attempts; try again after `Retry-After` seconds.',
      429,
      ERROR_TYPES.tooManyAttempts,
      MESSAGES.tooManyAttempts,
    ),
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  },
  ServerError: errorResponse(
    'Something failed on the server; it is logged with the request id, never shown.',
    500,
    ERROR_TYPES.internal,
    MESSAGES.internal,
  ),
};
type ErrorName = keyof typeof ERROR_RESPONSES;
const ERROR_STATUS: Record<ErrorName, number> = {
  ValidationError: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  TooManyRequests: 429,
  ServerError: 500,
};
const ref = (name: ErrorName) => ({ $ref: `#/components/responses/${name}` });

/** Calls limited per address or account besides the body's own checks. */
const RATE_LIMITED: ReadonlySet<string> = new Set<OperationName>([
  'login',
  'resetPassword',
  'changePassword',
  'confirmationResend',
  'shareView',
]);

function accessText(access: Access): string {
  if (access === 'public') return 'No session needed.';
  if (access === 'signedIn') return 'Any signed-in user, a V1-only user included.';
  const hierarchy = 'only objects of their own subtree are reachable';
  if (access === 'session') return `Any signed-in V2 user; ${hierarchy}.`;
  if ('call' in access) return `Signed-in V2 users whose role has the \`${access.call}\` grant; ${hierarchy}.`;
  return `Signed-in V2 users of the roles ${access.roles.join(', ')}.`;
}

/** The `{name}` parameters of a path (the server registers them as Fastify's `:name`). */
const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

function operationObject(name: string, tag: string, op: Operation): Record<string, unknown> {
  const example = OPERATION_EXAMPLES[name as OperationName];
  const more = OPERATION_DESCRIPTIONS[name as OperationName];
  const errors: ErrorName[] = [
    ...(op.request ? (['ValidationError'] as const) : []),
    ...(op.access === 'public' ? [] : (['Unauthenticated', 'Forbidden'] as const)),
    ...(op.request || pathParams(op.path).length > 0 ? (['NotFound'] as const) : []),
    ...(RATE_LIMITED.has(name) ? (['TooManyRequests'] as const) : []),
  ];
  return {
    operationId: name,
    tags: [tag],
    summary: op.summary,
    description: [more, `**Who may call:** ${accessText(op.access)}`].filter(Boolean).join('\n\n'),
    ...(op.access === 'public' ? { security: [] } : {}),
    ...(pathParams(op.path).length > 0
      ? {
          parameters: pathParams(op.path).map((param) => ({
            name: param,
            in: 'path',
            required: true,
            schema: { type: 'string' },
          })),
        }
      : {}),
    ...(op.request
      ? {
          requestBody: {
            required: !op.request.safeParse(undefined).success,
            content: json(op.request, example?.request),
          },
        }
      : {}),
    responses: {
      200: {
        description: 'OK',
        content: op.responseType
          ? { [op.responseType]: { schema: { type: 'string', format: 'binary' } } }
          : json(op.response, example?.response),
      },
      ...Object.fromEntries(errors.map((e) => [ERROR_STATUS[e], ref(e)])),
      default: ref('ServerError'),
    },
  };
}

const INTRO = `The HTTP API of Jejak, the fleet-tracking server: every call the console makes.

- **Calls** are \`POST\` with a JSON body (a few \`GET\`s without one) and answer JSON, or a file where
  the call says so. Times are epoch milliseconds (UTC); speeds km/h, distances km, durations ms.
- **Signing in**: \`POST ${API_BASE}/auth/login\` sets the httpOnly session cookie \`${SESSION_COOKIE_NAME}\`;
  a program may send an API token as \`Authorization: Bearer <token>\` instead.
- **Errors** are always \`{status, errorType, message}\` with the HTTP status; the message is fit to
  show to a user.
- **Live updates** come over the WebSocket \`${LIVE_PATH}\`; its messages are described by the AsyncAPI
  document at \`${API_BASE}${DOC_PATHS.asyncapi}\`.`;

/** The OpenAPI 3.1 document, generated from the route table the server registers and validates with. */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const tag of OPERATION_TAGS) {
    for (const [name, op] of Object.entries(tag.operations)) {
      paths[API_BASE + op.path] = { [op.method]: operationObject(name, tag.name, op) };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Jejak API', version, description: INTRO },
    tags: OPERATION_TAGS.map(({ name, description }) => ({ name, description })),
    security: SECURITY.either,
    components: {
      securitySchemes: SECURITY.schemes,
      schemas: { Error: jsonSchema(ErrorBodySchema) },
      responses: ERROR_RESPONSES,
    },
    paths,
  };
}
