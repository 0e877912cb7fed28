import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  ACCOUNT_TEXTS,
  AddUserRequestSchema,
  API_PATHS,
  ChangePasswordRequestSchema,
  ConfigureUserRequestSchema,
  ProfileUpdateRequestSchema,
  RequestPasswordResetSchema,
  ResetPasswordRequestSchema,
  UpdateUserRequestSchema,
  UserRelationRequestSchema,
  type AddUserResponse,
  type StatusResponse,
} from '@jejak/contract';
import type { AccountService } from '../../services/accounts/account-service.ts';
import { hashToken, type AuthService } from '../../services/accounts/auth-service.ts';
import type { PasswordService } from '../../services/accounts/password-service.ts';
import { sessionToken } from '../session.ts';
import { requireActor } from './route-kit.ts';

const OK: StatusResponse = { status: 200 };

/** Changes to users and passwords; every one audited with the caller and its address. */
export function registerAccountRoutes(
  app: FastifyInstance,
  auth: AuthService,
  accounts: AccountService,
  passwords: PasswordService,
  resetLimits: preHandlerAsyncHookHandler[],
): void {
  app.post(API_PATHS.userAdd, async (request): Promise<AddUserResponse> => {
    const actor = await requireActor(auth, request);
    return { status: 200, uid: await accounts.add(actor, AddUserRequestSchema.parse(request.body)) };
  });

  app.post(API_PATHS.userUpdate, async (request): Promise<StatusResponse> => {
    const actor = await requireActor(auth, request);
    await accounts.update(actor, UpdateUserRequestSchema.parse(request.body));
    return OK;
  });

  app.post(API_PATHS.userConfigure, async (request): Promise<StatusResponse> => {
    const actor = await requireActor(auth, request);
    await accounts.configure(actor, ConfigureUserRequestSchema.parse(request.body));
    return OK;
  });

  app.post(API_PATHS.userProfileUpdate, async (request): Promise<StatusResponse> => {
    const actor = await requireActor(auth, request);
    await accounts.updatePreference(actor, ProfileUpdateRequestSchema.parse(request.body));
    return OK;
  });

  app.post(API_PATHS.userRelationAdd, async (request): Promise<StatusResponse> => {
    const actor = await requireActor(auth, request);
    await accounts.relate(actor, UserRelationRequestSchema.parse(request.body), 'add');
    return OK;
  });

  app.post(API_PATHS.userRelationUpdate, async (request): Promise<StatusResponse> => {
    const actor = await requireActor(auth, request);
    await accounts.relate(actor, UserRelationRequestSchema.parse(request.body), 'update');
    return OK;
  });

  app.post(API_PATHS.userResetPassword, async (request): Promise<StatusResponse> => {
    const actor = await requireActor(auth, request);
    await passwords.requestReset(actor, RequestPasswordResetSchema.parse(request.body).uid);
    return { status: 200, message: ACCOUNT_TEXTS.resetLinkSent };
  });

  // Signed out: the e-mailed token is the credential.
  app.post(API_PATHS.resetPassword, { preHandler: resetLimits }, async (request): Promise<StatusResponse> => {
    await passwords.reset(ResetPasswordRequestSchema.parse(request.body), request.ip);
    return { status: 200, message: ACCOUNT_TEXTS.resetPasswordSuccess };
  });

  app.post(API_PATHS.changePassword, async (request): Promise<StatusResponse> => {
    const actor = await requireActor(auth, request);
    const token = sessionToken(request) ?? '';
    await passwords.change(actor, hashToken(token), ChangePasswordRequestSchema.parse(request.body));
    return { status: 200, message: ACCOUNT_TEXTS.resetPasswordSuccess };
  });
}
