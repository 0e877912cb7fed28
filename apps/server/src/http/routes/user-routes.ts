import type { FastifyInstance } from 'fastify';
import { API_PATHS, UidRequestSchema, type GetInfoResponse, type HierarchyResponse } from '@jejak/contract';
import type { AuthService } from '../../services/auth-service.ts';
import type { UserService } from '../../services/user-service.ts';
import { requireUser } from '../session.ts';

export function registerUserRoutes(app: FastifyInstance, auth: AuthService, users: UserService): void {
  app.post(API_PATHS.userGetInfo, async (request): Promise<GetInfoResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, user: await users.stages(caller, uid) };
  });

  app.post(API_PATHS.userGetHierarchy, async (request): Promise<HierarchyResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, ...(await users.hierarchy(caller, uid)) };
  });
}
