import { ACCOUNT_TEXTS } from '@jejak/contract';
import { isWithinSubtree, mayCall, toPermissionRole, type AccountCall, type User } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { AuditActor } from '../storage/repos/accounts/audit-repo.ts';
import { hasGlobalScope, type Viewer } from '../storage/repos/scope.ts';
import type { UsersRepo, UserWithSecret } from '../storage/repos/accounts/users-repo.ts';
import type { FleetRepo } from '../storage/repos/fleet/fleet-repo.ts';

/** The signed-in caller of a call and the address it came from (for the audit log). */
export interface Actor {
  user: User;
  ip: string;
}

export function viewerOf(user: User): Viewer {
  return { uid: user.uid, role: user.userRole, hierarchy: user.userHierarchy };
}

export function auditActor(actor: Actor): AuditActor {
  return { uid: actor.user.uid, email: actor.user.userEmail, ip: actor.ip };
}

/** The role's permission-table check; refused the same way whatever object is named. */
export function requireCall(caller: User, call: AccountCall): void {
  if (!mayCall(toPermissionRole(caller.userRole), call)) throw AppError.forbidden();
}

export function reaches(caller: User, target: User): boolean {
  return hasGlobalScope(viewerOf(caller)) || isWithinSubtree(caller.userHierarchy, target.userHierarchy);
}

export const userNotFound = (): AppError => AppError.notFound(ACCOUNT_TEXTS.userNotFound);

/** A user the caller reaches; a foreign user answers exactly like a missing one. */
export async function reachableUser(users: UsersRepo, caller: User, uid: string): Promise<UserWithSecret> {
  const found = await users.findByUid(uid);
  if (!found || !reaches(caller, found.user)) throw userNotFound();
  return found;
}

/**
 * Every vid must be a vehicle the caller reaches; one that is not (foreign or missing alike)
 * refuses the whole call, as a permission would, so nothing tells the two apart.
 */
export async function requireReachableVids(fleet: FleetRepo, caller: User, vids: readonly string[]): Promise<void> {
  const unique = [...new Set(vids)];
  const visible = await fleet.filterVisibleVids(viewerOf(caller), unique);
  if (visible.length !== unique.length) throw AppError.forbidden();
}
