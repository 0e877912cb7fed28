import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessAllows, type Access, type TableOperation } from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { Actor } from '../services/access.ts';
import type { LiveSession } from '../services/accounts/auth-service.ts';
import { requireSignedIn, requireTokenMayCall, requireV2, type CallerAuth } from './session.ts';

/*
 * Routes are registered from the contract's route table (ADR 0065). For each operation, in
 * Fastify's order:
 *   preValidation: the route's own hooks (the sign-in limits), then the session its access
 *     needs: none, any stage, or a V2 user (401 Unauthenticated, 403 StageV1Only); a session
 *     of an API token (ADR 0087) counts against the token's limit (429) and is audited, and
 *     the operation's effect must be one its scope allows (403);
 *   validation:    the body against the operation's request schema (400, as validationMessage);
 *   preHandler:    the grant or role of the access entry (403 Forbidden);
 *   handler:       the parsed body and the caller, never the raw request body.
 * The order is the one the handlers kept by hand before: session, body, then the services,
 * which checked the grant first; they still do, and check the hierarchy.
 */

/** What a handler gets of its caller, by the operation's access. */
type CallerOf<A extends Access> = A extends 'public'
  ? unknown
  : A extends 'signedIn'
    ? { session: LiveSession }
    : { user: User; actor: Actor };

type BodyOf<O extends TableOperation> = O['request'] extends z.ZodType ? z.output<O['request']> : undefined;

export type RouteContext<O extends TableOperation> = {
  body: BodyOf<O>;
  request: FastifyRequest;
  reply: FastifyReply;
} & CallerOf<O['access']>;

/** A JSON call answers its response schema's type; a file call sends its stream on the reply. */
type Answer<O extends TableOperation> = O extends { responseType: string } ? FastifyReply : z.output<O['response']>;

export type RouteHandler<O extends TableOperation> = (ctx: RouteContext<O>) => Promise<Answer<O>>;

export interface RouteOptions {
  /** Hooks before the session and the body are checked (the sign-in limits count every try). */
  before?: preValidationAsyncHookHandler[];
}

/**
 * Registers one operation of the route table with its handler. Only the table's operations:
 * typed by their union, a handler's literal answers (status: 200) are checked as they are.
 */
export type Route = <O extends TableOperation>(op: O, handler: RouteHandler<O>, options?: RouteOptions) => void;

/**
 * Fastify hands a body validator null when a request has no body, and zod's message tells
 * undefined from null ("expected object, received undefined"); the gate marks an absent body
 * so it is parsed as undefined, as the handlers parsed it before.
 */
const NO_BODY = Symbol('no body');

/**
 * The validator compiler of the route table's zod schemas: a failed body throws its ZodError,
 * which the one error handler answers with validationMessage, as before. (The type provider's
 * own compiler flattens the issues into Ajv-shaped objects whose paths are joined with '/'.)
 */
export const zodBodyValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const parsed = schema.safeParse(data === NO_BODY ? undefined : data);
    return parsed.success ? { value: parsed.data } : { error: parsed.error };
  };

/** The signed-in session of each request, from the gate to its handler. */
const sessions = new WeakMap<FastifyRequest, LiveSession>();

/** The route registrar of `app`, resolving sessions (and API tokens) with `callers`. */
export function routeTable(app: FastifyInstance, callers: CallerAuth): Route {
  const api = app.withTypeProvider<ZodTypeProvider>();
  return (op, handler, options = {}) => {
    const { access } = op;
    const gate: preValidationAsyncHookHandler = async (request) => {
      if (access !== 'public') {
        const session = await requireSignedIn(callers, request);
        if (access !== 'signedIn') requireV2(session);
        if (session.apiToken)
          await requireTokenMayCall(callers.auth, { ...session, apiToken: session.apiToken }, op, request);
        sessions.set(request, session);
      }
      if (op.request && request.body === undefined) request.body = NO_BODY;
    };
    api.route({
      method: op.method === 'get' ? 'GET' : 'POST',
      // A path parameter is written `{name}` in the table (OpenAPI's form), `:name` for Fastify.
      url: op.path.replace(/\{(\w+)\}/g, ':$1'),
      ...(op.request ? { schema: { body: op.request } } : {}),
      preValidation: [...(options.before ?? []), gate],
      preHandler: async (request) => {
        const session = sessions.get(request);
        if (session) requireAccess(session.user, access);
      },
      handler: async (request, reply) => {
        const session = sessions.get(request);
        const caller = session ? { session, user: session.user, actor: { user: session.user, ip: request.ip } } : {};
        // The gate and the validator made the request what the operation's types say.
        const ctx = { body: request.body, request, reply, ...caller } as RouteContext<typeof op>;
        return handler(ctx);
      },
    });
  };
}

/** The grant or role an access entry names; a session's stage was checked by the gate. */
function requireAccess(user: User, access: Access): void {
  if (!accessAllows(access, user.userRole)) throw AppError.forbidden();
}
