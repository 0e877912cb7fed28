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

/** The signed-in user of a request, or a 401. */
export async function requireUser(auth: AuthService, request: FastifyRequest): Promise<User> {
  const user = await auth.resolve(sessionToken(request));
  if (!user) throw AppError.unauthenticated();
  return user;
}
