import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { AuthService } from '../services/auth-service.ts';

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
  const user = await requireSignedIn(auth, request);
  await requireV2(auth, user);
  return user;
}

/**
 * The signed-in user, whatever its stage: only for the calls the stage gate itself needs
 * (who is signed in, and its own stage records). Sign-out needs no user at all.
 */
export async function requireSignedIn(auth: AuthService, request: FastifyRequest): Promise<User> {
  const user = await auth.resolve(sessionToken(request));
  if (!user) throw AppError.unauthenticated();
  return user;
}

export async function requireV2(auth: AuthService, user: User): Promise<void> {
  if ((await auth.stageOf(user.uid)) !== 'V2') throw AppError.v1Only();
}
