/** Role values as stored and sent by the API (spec 1 §6, value/label pairs). */
export const ROLE_VALUES = ['super', 'support', 'distributor', 'fleetManager', 'fleetOwner', 'fleetOperator'] as const;
export type RoleValue = (typeof ROLE_VALUES)[number];

export const ROLE_LABELS: Record<RoleValue | 'Unknown', string> = {
  super: 'Admin',
  support: 'Support',
  distributor: 'Distributor',
  fleetManager: 'Fleet Manager',
  fleetOwner: 'Fleet Owner',
  fleetOperator: 'Fleet Operator',
  Unknown: 'Unknown',
};

/** The permission table spells roles in upper snake case (spec 1 §6). */
export type PermissionRole =
  'SUPER' | 'SUPPORT' | 'DISTRIBUTOR' | 'FLEET_MANAGER' | 'FLEET_OWNER' | 'FLEET_OPERATOR' | 'DEFAULT';

const TO_PERMISSION_ROLE: Record<RoleValue, PermissionRole> = {
  super: 'SUPER',
  support: 'SUPPORT',
  distributor: 'DISTRIBUTOR',
  fleetManager: 'FLEET_MANAGER',
  fleetOwner: 'FLEET_OWNER',
  fleetOperator: 'FLEET_OPERATOR',
};

export function isRoleValue(value: unknown): value is RoleValue {
  return typeof value === 'string' && (ROLE_VALUES as readonly string[]).includes(value);
}

export function toPermissionRole(role: string | null | undefined): PermissionRole {
  return isRoleValue(role) ? TO_PERMISSION_ROLE[role] : 'DEFAULT';
}

export function roleLabel(role: string | null | undefined): string {
  return isRoleValue(role) ? ROLE_LABELS[role] : ROLE_LABELS.Unknown;
}
