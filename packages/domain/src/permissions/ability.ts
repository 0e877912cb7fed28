import { createMongoAbility } from '@casl/ability';
import type { MongoAbility, RawRuleOf } from '@casl/ability';
import type { PermissionRole } from '../roles.ts';
import { PERMISSION_TABLE } from './permission-table.ts';
import type { PermissionAction, PermissionSubject } from './subjects.ts';

/** A CASL ability over the permission subjects; no conditions or fields are used. */
export type PermissionAbility = MongoAbility<[PermissionAction, PermissionSubject]>;

/** The CASL rules of one role, read straight from PERMISSION_TABLE. */
export function permissionRulesFor(role: PermissionRole): RawRuleOf<PermissionAbility>[] {
  const grants = PERMISSION_TABLE[role];
  const rules: RawRuleOf<PermissionAbility>[] = [];
  if (grants.read.length > 0) rules.push({ action: 'read', subject: [...grants.read] });
  if (grants.manage.length > 0) rules.push({ action: 'manage', subject: [...grants.manage] });
  return rules;
}

/**
 * A fresh ability for `role`. CASL treats 'manage' as the wildcard action, so a manage
 * grant also allows read, update and delete; a read grant allows read only.
 */
export function defineAbilityFor(role: PermissionRole): PermissionAbility {
  return createMongoAbility<PermissionAbility>(permissionRulesFor(role));
}

// One shared ability per role for the helpers below; they are never handed out, so
// nobody can update their rules.
const SHARED_ABILITIES: Readonly<Record<PermissionRole, PermissionAbility>> = {
  SUPER: defineAbilityFor('SUPER'),
  SUPPORT: defineAbilityFor('SUPPORT'),
  DISTRIBUTOR: defineAbilityFor('DISTRIBUTOR'),
  FLEET_MANAGER: defineAbilityFor('FLEET_MANAGER'),
  FLEET_OWNER: defineAbilityFor('FLEET_OWNER'),
  FLEET_OPERATOR: defineAbilityFor('FLEET_OPERATOR'),
  DEFAULT: defineAbilityFor('DEFAULT'),
};

/** May `role` perform `action` on `subject`? */
export function canPerform(role: PermissionRole, action: PermissionAction, subject: PermissionSubject): boolean {
  return SHARED_ABILITIES[role].can(action, subject);
}

/** Read is granted by a read grant or a manage grant. */
export function canRead(role: PermissionRole, subject: PermissionSubject): boolean {
  return canPerform(role, 'read', subject);
}

/** Manage (read, update and delete) is granted only by a manage grant. */
export function canManage(role: PermissionRole, subject: PermissionSubject): boolean {
  return canPerform(role, 'manage', subject);
}
