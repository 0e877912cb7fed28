import type { preValidationAsyncHookHandler } from 'fastify';
import { OPERATIONS } from '@jejak/contract';
import type { AuthService } from '../../../services/accounts/auth-service.ts';
import type { Route } from '../../route-table.ts';
import { clearSessionCookie, sessionToken, setSessionCookie, type CookieSettings } from '../../session.ts';

export function registerAuthRoutes(
  route: Route,
  auth: AuthService,
  cookie: CookieSettings,
  loginLimits: preValidationAsyncHookHandler[],
  timeZone: string,
): void {
  route(
    OPERATIONS.login,
    async ({ body, request, reply }) => {
      const { user, token } = await auth.login(body, request.ip);
      setSessionCookie(reply, token, cookie);
      return { status: 200, user, timeZone };
    },
    { before: loginLimits },
  );

  route(OPERATIONS.session, async ({ session }) => ({ status: 200, user: session.user, timeZone }));

  route(OPERATIONS.logout, async ({ request, reply }) => {
    await auth.logout(sessionToken(request));
    clearSessionCookie(reply);
    return { status: 200 };
  });
}
