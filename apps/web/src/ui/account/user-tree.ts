import type { HierarchyNode } from '@jejak/contract';
import type { RoleValue } from '@jejak/domain';

/** The fields of a user a tree node shows. The root (the signed-in user) has no child count. */
export interface TreeUser {
  uid: string;
  userName: string;
  userEmail: string;
  userRole: RoleValue;
  userHierarchy: string;
  childCount?: number;
}

export interface UserTreeNode<T> {
  key: string;
  value: string;
  title: T;
  isLeaf: boolean;
  user: TreeUser;
  /** Undefined until the user's children are loaded: the tree then asks for them. */
  children?: UserTreeNode<T>[];
}

/**
 * The hierarchy as antd Tree / TreeSelect data, grown as users are opened: `childrenOf` holds
 * the children loaded so far; `keep` leaves users out (Assigned User has no fleet operators).
 */
export function userTreeData<T>(
  root: TreeUser,
  childrenOf: ReadonlyMap<string, readonly HierarchyNode[]>,
  title: (user: TreeUser) => T,
  keep: (user: TreeUser) => boolean = () => true,
): UserTreeNode<T>[] {
  const build = (user: TreeUser, seen: ReadonlySet<string>): UserTreeNode<T> => {
    const loaded = childrenOf.get(user.uid);
    const path = new Set(seen).add(user.uid);
    const children = loaded?.filter((child) => keep(child) && !path.has(child.uid)).map((c) => build(c, path));
    return {
      key: user.uid,
      value: user.uid,
      title: title(user),
      isLeaf: children ? children.length === 0 : user.childCount === 0,
      user,
      ...(children ? { children } : {}),
    };
  };
  return keep(root) ? [build(root, new Set())] : [];
}
