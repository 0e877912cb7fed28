import type { PermissionRole } from '../roles.ts';
import { canPerform } from './ability.ts';
import { MENU_KEYS, MENU_KEY_SUBJECTS, type MenuKey } from './sidebar.ts';
import type { PermissionAction, PermissionSubject } from './subjects.ts';

/** What a console route needs: an action on a permission subject. */
export interface RouteAccess {
  readonly action: PermissionAction;
  readonly subject: PermissionSubject;
}

/**
 * Routes under a sidebar entry that need more than reading it. Editing a vehicle is the Vehicle
 * Management grant (spec 2 §6; ACCOUNT_CALLS manageVehicles): a fleet operator reads
 * Management but may not edit vehicles.
 */
const FORM_ROUTES: readonly (readonly [prefix: string, access: RouteAccess])[] = [
  ['/Management/Vehicle/Edit', { action: 'manage', subject: 'vehicleManagement' }],
  ['/UserManagement/EditVehicle', { action: 'manage', subject: 'vehicleManagement' }],
];

/** Paths spec 1 §2 lists that open a sidebar screen under another name. */
const ALIASES: Readonly<Record<string, MenuKey>> = { FleetRecord_Test: 'TripRecord' };

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The access a console path needs, from the table the sidebar reads (MENU_KEY_SUBJECTS): a
 * path under a menu key ('/Migration', '/Migration/MigrateUser/u1') needs read of its subject;
 * the form routes above need their grant. Null for paths every signed-in user may open
 * (the map, change password, a path not listed).
 */
export function routeAccess(pathname: string): RouteAccess | null {
  const form = FORM_ROUTES.find(([prefix]) => underPrefix(pathname, prefix));
  if (form) return form[1];
  const first = pathname.split('/')[1] ?? '';
  const key = ALIASES[first] ?? MENU_KEYS.find((k) => k === first);
  return key ? { action: 'read', subject: MENU_KEY_SUBJECTS[key] } : null;
}

/** May `role` open `pathname`? */
export function mayOpenRoute(role: PermissionRole, pathname: string): boolean {
  const access = routeAccess(pathname);
  return access === null || canPerform(role, access.action, access.subject);
}
