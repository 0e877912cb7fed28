import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { AuthService, LiveSession } from '../services/accounts/auth-service.ts';

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

/**
 * The signed-in session of a request, whatever its stage, or a 401. The route table's gate
 * (route-table.ts) takes it for every call that needs a session and adds requireV2 for all
 * but the ones the stage gate itself needs (ADR 0035).
 */
export async function requireSignedIn(auth: AuthService, request: FastifyRequest): Promise<LiveSession> {
  const session = await auth.resolve(sessionToken(request));
  if (!session) throw AppError.unauthenticated();
  return session;
}

/** A V1-only user gets a 403, as the console's stage gate sends them to the V1 site (spec 1 §4). */
export function requireV2(session: LiveSession): void {
  if (session.stage !== 'V2') throw AppError.v1Only();
}
