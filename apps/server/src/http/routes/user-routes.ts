import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  UidRequestSchema,
  UserSearchRequestSchema,
  type GetInfoResponse,
  type HierarchyResponse,
  type UserDevicesResponse,
  type UserRelationsResponse,
  type UsersResponse,
  type UserVehiclesResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { UserService } from '../../services/accounts/user-service.ts';
import { requireSignedIn, requireUser, requireV2 } from '../session.ts';

/** Reads of users; each limited to the caller's subtree. */
export function registerUserRoutes(app: FastifyInstance, auth: AuthService, users: UserService): void {
  app.post(API_PATHS.userGetInfo, async (request): Promise<GetInfoResponse> => {
    // The stage gate reads the caller's own stage records, so a V1-only user may ask for its own.
    const session = await requireSignedIn(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    if (uid !== session.user.uid) requireV2(session);
    return { status: 200, user: await users.stages(session.user, uid) };
  });

  app.post(API_PATHS.userGetHierarchy, async (request): Promise<HierarchyResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, ...(await users.hierarchy(caller, uid)) };
  });

  app.post(API_PATHS.userGetChildren, async (request): Promise<UsersResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, users: await users.children(caller, uid) };
  });

  app.post(API_PATHS.userSearch, async (request): Promise<UsersResponse> => {
    const caller = await requireUser(auth, request);
    const { query } = UserSearchRequestSchema.parse(request.body);
    return { status: 200, users: await users.search(caller, query) };
  });

  app.post(API_PATHS.userGetVehicles, async (request): Promise<UserVehiclesResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, vehicles: await users.vehicles(caller, uid) };
  });

  app.post(API_PATHS.userGetDevices, async (request): Promise<UserDevicesResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, devices: await users.devices(caller, uid) };
  });

  app.post(API_PATHS.userRelationGet, async (request): Promise<UserRelationsResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, ...(await users.relations(caller, uid)) };
  });
}
