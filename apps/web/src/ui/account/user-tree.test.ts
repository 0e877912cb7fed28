import type { HierarchyNode } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { userTreeData, type TreeUser } from './user-tree.ts';

const node = (uid: string, userRole: HierarchyNode['userRole'], childCount: number): HierarchyNode => ({
  uid,
  userName: uid.toUpperCase(),
  userEmail: `${uid}@x.my`,
  userRole,
  userHierarchy: uid,
  parentId: null,
  childCount,
});

const root: TreeUser = { uid: 'd', userName: 'D', userEmail: 'd@x.my', userRole: 'distributor', userHierarchy: 'd' };

describe('user tree data', () => {
  it('asks for the children of unopened users and shows leaves as leaves', () => {
    const tree = userTreeData(root, new Map(), (u) => u.userName);
    expect(tree).toEqual([{ key: 'd', value: 'd', title: 'D', isLeaf: false, user: root }]);
    const opened = userTreeData(
      root,
      new Map([['d', [node('o', 'fleetOwner', 2), node('p', 'fleetOwner', 0)]]]),
      (u) => u.userName,
    );
    expect(opened[0]?.children?.map((c) => [c.key, c.isLeaf, c.children])).toEqual([
      ['o', false, undefined],
      ['p', true, undefined],
    ]);
  });

  it('leaves out the users `keep` refuses, and a user opened with no kept child is a leaf', () => {
    const childrenOf = new Map([
      ['d', [node('o', 'fleetOwner', 1)]],
      ['o', [node('op', 'fleetOperator', 0)]],
    ]);
    const tree = userTreeData(
      root,
      childrenOf,
      (u) => u.uid,
      (u) => u.userRole !== 'fleetOperator',
    );
    const owner = tree[0]?.children?.[0];
    expect(owner?.key).toBe('o');
    expect(owner?.children).toEqual([]);
    expect(owner?.isLeaf).toBe(true);
  });

  it('never loops on a user listed under itself', () => {
    const tree = userTreeData(root, new Map([['d', [node('d', 'distributor', 1)]]]), (u) => u.uid);
    expect(tree[0]?.children).toEqual([]);
  });
});
