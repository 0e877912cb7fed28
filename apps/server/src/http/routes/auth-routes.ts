import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { API_PATHS, LoginRequestSchema, type SessionResponse } from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import {
  clearSessionCookie,
  requireSignedIn,
  sessionToken,
  setSessionCookie,
  type CookieSettings,
} from '../session.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  cookie: CookieSettings,
  loginLimits: preHandlerAsyncHookHandler[],
): void {
  app.post(API_PATHS.login, { preHandler: loginLimits }, async (request, reply): Promise<SessionResponse> => {
    const body = LoginRequestSchema.parse(request.body);
    const { user, token } = await auth.login(body, request.ip);
    setSessionCookie(reply, token, cookie);
    return { status: 200, user };
  });

  // Open to a V1-only user: the console's stage gate needs to know who is signed in.
  app.post(API_PATHS.session, async (request): Promise<SessionResponse> => {
    return { status: 200, user: (await requireSignedIn(auth, request)).user };
  });

  app.post(API_PATHS.logout, async (request, reply) => {
    await auth.logout(sessionToken(request));
    clearSessionCookie(reply);
    return { status: 200 };
  });
}
