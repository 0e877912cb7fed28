import { DEVICE_HOLDER_ROLES, FLEET_HOLDER_ROLES, HIERARCHY_SEPARATOR, type RoleValue } from '@jejak/domain';
import type { UserTreeNode } from '../account/user-tree.ts';

/** Who may hold what (spec 2 §5, §6): vehicles go to fleet owners and distributors, devices to distributors. */
export const VEHICLE_HOLDER_ROLES: readonly RoleValue[] = FLEET_HOLDER_ROLES;
export { DEVICE_HOLDER_ROLES };

export type TargetUserNode<T> = Omit<UserTreeNode<T>, 'children'> & {
  disabled: boolean;
  children?: TargetUserNode<T>[];
};

/** The hierarchy as target-user choices: every user shown (by name, as loaded), those who may not hold disabled. */
export function targetUserTree<T>(
  nodes: readonly UserTreeNode<T>[],
  allowed: readonly RoleValue[],
): TargetUserNode<T>[] {
  return nodes.map(({ children, ...node }) => ({
    ...node,
    disabled: !allowed.includes(node.user.userRole),
    ...(children ? { children: targetUserTree(children, allowed) } : {}),
  }));
}

/**
 * The users to open so a target user deep in the tree shows by name: its ancestors from the
 * signed-in user down (both hierarchies are uid paths joined by '#').
 */
export function pathToOpen(meHierarchy: string, targetHierarchy: string): string[] {
  const mine = meHierarchy.split(HIERARCHY_SEPARATOR);
  const path = targetHierarchy.split(HIERARCHY_SEPARATOR);
  if (mine.some((uid, i) => path[i] !== uid)) return [];
  return path.slice(mine.length - 1, -1);
}
