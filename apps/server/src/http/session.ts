import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@jejak/domain';
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
 * The signed-in user of a request, or a 401; a V1-only user gets a 403, as the console's stage
 * gate sends them to the V1 site (spec 1 §4, ADR 0035). Every V2 call goes through here.
 */
export async function requireUser(auth: AuthService, request: FastifyRequest): Promise<User> {
  const session = await requireSignedIn(auth, request);
  requireV2(session);
  return session.user;
}

/**
 * The signed-in session, whatever its stage: only for the calls the stage gate itself needs
 * (who is signed in, and its own stage records). Sign-out needs no user at all.
 */
export async function requireSignedIn(auth: AuthService, request: FastifyRequest): Promise<LiveSession> {
  const session = await auth.resolve(sessionToken(request));
  if (!session) throw AppError.unauthenticated();
  return session;
}

export function requireV2(session: LiveSession): void {
  if (session.stage !== 'V2') throw AppError.v1Only();
}
