import type { preValidationAsyncHookHandler } from 'fastify';
import { ACCOUNT_TEXTS, OPERATIONS, type StatusResponse } from '@jejak/contract';
import type { AccountService } from '../../../services/accounts/account-service.ts';
import { hashToken } from '../../../services/accounts/auth-service.ts';
import type { PasswordService } from '../../../services/accounts/password-service.ts';
import type { Route } from '../../route-table.ts';
import { sessionToken } from '../../session.ts';

const OK: StatusResponse = { status: 200 };

/** Changes to users and passwords; every one audited with the caller and its address. */
export function registerAccountRoutes(
  route: Route,
  accounts: AccountService,
  passwords: PasswordService,
  resetLimits: preValidationAsyncHookHandler[],
): void {
  route(OPERATIONS.userAdd, async ({ actor, body }) => ({ status: 200, uid: await accounts.add(actor, body) }));

  route(OPERATIONS.userUpdate, async ({ actor, body }) => {
    await accounts.update(actor, body);
    return OK;
  });

  route(OPERATIONS.userConfigure, async ({ actor, body }) => {
    await accounts.configure(actor, body);
    return OK;
  });

  route(OPERATIONS.userProfileUpdate, async ({ actor, body }) => {
    await accounts.updatePreference(actor, body);
    return OK;
  });

  route(OPERATIONS.userRelationAdd, async ({ actor, body }) => {
    await accounts.relate(actor, body, 'add');
    return OK;
  });

  route(OPERATIONS.userRelationUpdate, async ({ actor, body }) => {
    await accounts.relate(actor, body, 'update');
    return OK;
  });

  route(OPERATIONS.userResetPassword, async ({ actor, body }) => {
    await passwords.requestReset(actor, body.uid);
    return { status: 200, message: ACCOUNT_TEXTS.resetLinkSent };
  });

  route(
    OPERATIONS.resetPassword,
    async ({ body, request }) => {
      await passwords.reset(body, request.ip);
      return { status: 200, message: ACCOUNT_TEXTS.resetPasswordSuccess };
    },
    { before: resetLimits },
  );

  route(OPERATIONS.changePassword, async ({ actor, body, request }) => {
    const token = sessionToken(request) ?? '';
    await passwords.change(actor, hashToken(token), body);
    return { status: 200, message: ACCOUNT_TEXTS.resetPasswordSuccess };
  });
}
