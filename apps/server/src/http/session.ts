import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_TEXTS, ERROR_TYPES, operationEffect, tokenScopeAllows, type Operation } from '@jejak/contract';
import { AppError } from '../errors.ts';
import type { AuthService, LiveSession, TokenGrant } from '../services/accounts/auth-service.ts';

export const SESSION_COOKIE = 'jejak_sid';

export interface CookieSettings {
  secure: boolean;
  ttlMs: number;
}

export function setSessionCookie(reply: FastifyReply, token: string, cfg: CookieSettings): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cfg.secure,
    path: '/',
    maxAge: Math.floor(cfg.ttlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** The value of an `Authorization: Bearer …` header (an API token, ADR 0087); undefined without one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(header);
  return match ? (match[1] ?? '').trim() : undefined;
}

/** How a request proves who it is: the auth service, and the per-token limit of the HTTP edge. */
export interface CallerAuth {
  auth: AuthService;
  /** Counts one call of the token (@fastify/rate-limit, http/limits.ts); a 429 past its allowance. */
  tokenLimit: (request: FastifyRequest, tokenId: string) => Promise<void>;
}

/**
 * The signed-in session of a request, whatever its stage, or a 401. The route table's gate
 * (route-table.ts) takes it for every call that needs a session and adds requireV2 for all
 * but the ones the stage gate itself needs (ADR 0035). A request with a Bearer token is its
 * token's, whatever cookie it also carries: an unknown, revoked or expired token is a 401, and
 * each call counts against the token's limit.
 */
export async function requireSignedIn(callers: CallerAuth, request: FastifyRequest): Promise<LiveSession> {
  const bearer = bearerToken(request);
  if (bearer !== undefined) {
    const session = await callers.auth.resolveApiToken(bearer);
    if (!session?.apiToken) throw new AppError(401, ERROR_TYPES.unauthenticated, API_TOKEN_TEXTS.invalid);
    await callers.tokenLimit(request, session.apiToken.tokenId);
    return session;
  }
  const session = await callers.auth.resolve(sessionToken(request));
  if (!session) throw AppError.unauthenticated();
  return session;
}

/**
 * A call with an API token: allowed when the token's scope allows what the operation does
 * (contract OPERATION_EFFECTS), else a 403 saying why. Either way the use is audited.
 */
export async function requireTokenMayCall(
  auth: AuthService,
  session: LiveSession & { apiToken: TokenGrant },
  op: Operation,
  request: FastifyRequest,
): Promise<void> {
  const effect = operationEffect(op);
  const allowed = tokenScopeAllows(session.apiToken.scope, effect);
  const call = { method: request.method, path: op.path, ip: request.ip, refused: !allowed };
  await auth.apiTokenUsed(session.user, session.apiToken, call);
  if (!allowed)
    throw new AppError(
      403,
      ERROR_TYPES.forbidden,
      effect === 'password' ? API_TOKEN_TEXTS.sessionOnly : API_TOKEN_TEXTS.readOnly,
    );
}

/** A V1-only user gets a 403, as the console's stage gate sends them to the V1 site (spec 1 §4). */
export function requireV2(session: LiveSession): void {
  if (session.stage !== 'V2') throw AppError.v1Only();
}
