import type { RoleValue } from '../roles.ts';

/**
 * Roles a creator may give a new user (spec 1 §5): a fleet owner gets fleet operator; a
 * distributor or super gets distributor or fleet owner; a fleet owner or operator always
 * creates a fleet operator. Support and fleet managers create nobody (their rows of the
 * permission table hold no user management either).
 */
export const CREATABLE_ROLES: Readonly<Record<RoleValue, readonly RoleValue[]>> = {
  super: ['distributor', 'fleetOwner'],
  distributor: ['distributor', 'fleetOwner'],
  fleetOwner: ['fleetOperator'],
  fleetOperator: ['fleetOperator'],
  support: [],
  fleetManager: [],
};

/** Role options of the Edit User form (spec 1 §5). */
export const EDIT_ROLE_OPTIONS: readonly RoleValue[] = ['distributor', 'fleetOwner', 'fleetOperator'];

/** Editors who never see the role field (spec 1 §2 Edit User: hidden for fleet owner and operator). */
const ROLE_FIELD_HIDDEN_FOR: readonly RoleValue[] = ['fleetOwner', 'fleetOperator'];

/**
 * Which roles may sit directly under a parent of each role. Fleet operators have no children
 * ("fleet operators are left out of the tree" of assignable parents, spec 1 §2); vehicles and
 * devices belong to fleet owners and distributors, whose fleet users sit below them.
 */
export const CHILD_ROLES: Readonly<Record<RoleValue, readonly RoleValue[]>> = {
  super: ['support', 'distributor', 'fleetOwner'],
  support: [],
  distributor: ['distributor', 'fleetOwner'],
  fleetOwner: ['fleetManager', 'fleetOperator'],
  fleetManager: [],
  fleetOperator: [],
};

/** Roles that may own vehicles and devices (spec 1 §6, spec 2 §1). */
export const FLEET_HOLDER_ROLES: readonly RoleValue[] = ['distributor', 'fleetOwner'];
/** Roles a new device may go to: distributors alone (spec 2 §5; ADR 0037). */
export const DEVICE_HOLDER_ROLES: readonly RoleValue[] = ['distributor'];

export function creatableRoles(creator: RoleValue): readonly RoleValue[] {
  return CREATABLE_ROLES[creator];
}

export function mayParent(parent: RoleValue, child: RoleValue): boolean {
  return CHILD_ROLES[parent].includes(child);
}

export type CreationProblem = 'roleNotAllowed' | 'parentNotAllowed';

/** Why `creator` may not create a `role` user under a `parent` user, or null when it may. */
export function creationProblem(creator: RoleValue, parent: RoleValue, role: RoleValue): CreationProblem | null {
  if (!CREATABLE_ROLES[creator].includes(role)) return 'roleNotAllowed';
  if (!mayParent(parent, role)) return 'parentNotAllowed';
  return null;
}

export interface RoleChange {
  editor: RoleValue;
  /** The editor edits its own account. */
  isSelf: boolean;
  from: RoleValue;
  to: RoleValue;
  /** Role of the target's parent; null for a root user. */
  parent: RoleValue | null;
  /** Roles of the target's direct children. */
  children: readonly RoleValue[];
  /** The target owns vehicles or devices. */
  ownsFleet: boolean;
}

export type RoleChangeProblem = 'roleNotAllowed' | 'parentNotAllowed' | 'childrenNotAllowed' | 'ownsFleet';

/**
 * Why a role change on Edit User is refused, or null. Keeping the role is always fine. Nobody
 * changes its own role, editors without the role field change none, and the new role must
 * be an Edit User option that still fits the tree around the user.
 */
export function roleChangeProblem(c: RoleChange): RoleChangeProblem | null {
  if (c.from === c.to) return null;
  if (c.isSelf || ROLE_FIELD_HIDDEN_FOR.includes(c.editor)) return 'roleNotAllowed';
  if (!EDIT_ROLE_OPTIONS.includes(c.from) || !EDIT_ROLE_OPTIONS.includes(c.to)) return 'roleNotAllowed';
  if (c.parent !== null && !mayParent(c.parent, c.to)) return 'parentNotAllowed';
  if (c.children.some((child) => !mayParent(c.to, child))) return 'childrenNotAllowed';
  if (c.ownsFleet && !FLEET_HOLDER_ROLES.includes(c.to)) return 'ownsFleet';
  return null;
}
