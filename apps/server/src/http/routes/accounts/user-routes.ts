import { OPERATIONS } from '@jejak/contract';
import type { UserService } from '../../../services/accounts/user-service.ts';
import type { Route } from '../../route-table.ts';
import { requireV2 } from '../../session.ts';

/** Reads of users; each limited to the caller's subtree. */
export function registerUserRoutes(route: Route, users: UserService): void {
  route(OPERATIONS.userGetInfo, async ({ session, body: { uid } }) => {
    // The stage gate reads the caller's own stage records, so a V1-only user may ask for its own.
    if (uid !== session.user.uid) requireV2(session);
    return { status: 200, user: await users.stages(session.user, uid) };
  });

  route(OPERATIONS.userGetHierarchy, async ({ user, body }) => ({
    status: 200,
    ...(await users.hierarchy(user, body.uid)),
  }));

  route(OPERATIONS.userGetChildren, async ({ user, body }) => ({
    status: 200,
    users: await users.children(user, body.uid),
  }));

  route(OPERATIONS.userSearch, async ({ user, body }) => ({
    status: 200,
    users: await users.search(user, body.query),
  }));

  route(OPERATIONS.userGetVehicles, async ({ user, body }) => ({
    status: 200,
    vehicles: await users.vehicles(user, body.uid),
  }));

  route(OPERATIONS.userGetDevices, async ({ user, body }) => ({
    status: 200,
    devices: await users.devices(user, body.uid),
  }));

  route(OPERATIONS.userRelationGet, async ({ user, body }) => ({
    status: 200,
    ...(await users.relations(user, body.uid)),
  }));
}
