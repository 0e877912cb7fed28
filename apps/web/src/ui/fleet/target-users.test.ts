import { describe, expect, it } from 'vitest';
import type { UserTreeNode } from '../account/user-tree.ts';
import { DEVICE_HOLDER_ROLES, VEHICLE_HOLDER_ROLES, pathToOpen, targetUserTree } from './target-users.ts';
import { readFleetState } from './fleet-state.ts';

const node = (uid: string, userRole: UserTreeNode<string>['user']['userRole'], children?: UserTreeNode<string>[]) => ({
  key: uid,
  value: uid,
  title: uid,
  isLeaf: !children,
  user: { uid, userName: uid, userEmail: `${uid}@x`, userRole, userHierarchy: uid },
  ...(children ? { children } : {}),
});

describe('target-user choices (spec 2 §5)', () => {
  const tree = [node('dist', 'distributor', [node('owner', 'fleetOwner', [node('op', 'fleetOperator')])])];

  it('a vehicle goes to fleet owners and distributors: operators disabled', () => {
    const [dist] = targetUserTree(tree, VEHICLE_HOLDER_ROLES);
    expect(dist?.disabled).toBe(false);
    expect(dist?.children?.[0]?.disabled).toBe(false);
    expect(dist?.children?.[0]?.children?.[0]?.disabled).toBe(true);
  });

  it('a device goes to a distributor: fleet owners and operators disabled', () => {
    const [dist] = targetUserTree(tree, DEVICE_HOLDER_ROLES);
    expect(dist?.disabled).toBe(false);
    expect(dist?.children?.[0]?.disabled).toBe(true);
    expect(dist?.children?.[0]?.children?.[0]?.disabled).toBe(true);
  });

  it('opens the ancestors between the signed-in user and a deep target', () => {
    expect(pathToOpen('a', 'a#b#c#d')).toEqual(['a', 'b', 'c']);
    expect(pathToOpen('x#a', 'x#a#b')).toEqual(['a']);
    expect(pathToOpen('a', 'a')).toEqual([]);
    expect(pathToOpen('a', 'z#b')).toEqual([]);
  });
});

describe('navigation state of the forms (spec 1 §2, spec 2 §2)', () => {
  it('reads User Management and Management states alike', () => {
    expect(readFleetState({ targetUser: { uid: 'u1', userRole: 'fleetOwner' } })).toEqual({
      uid: 'u1',
      vehicle: null,
      device: null,
      register: null,
    });
    expect(readFleetState({ uid: 'u2', vehicle: { vid: 'v1', uid: 'u3' } })).toEqual({
      uid: 'u2',
      vehicle: { vid: 'v1', uid: 'u3' },
      device: null,
      register: null,
    });
    expect(readFleetState({ device: { dvid: 'GPS100#1' }, targetUser: { uid: 'd' } }).device).toEqual({
      dvid: 'GPS100#1',
    });
  });

  it('reads anything else as absent', () => {
    for (const state of [null, undefined, 'x', { uid: 3 }, { vehicle: { vid: '' } }]) {
      expect(readFleetState(state)).toEqual({ uid: null, vehicle: null, device: null, register: null });
    }
  });

  it('reads the tracker Register opens Add Device with', () => {
    expect(readFleetState({ register: { imei: '869999000000017', model: 'GPS100' } }).register).toEqual({
      imei: '869999000000017',
      model: 'GPS100',
    });
    expect(readFleetState({ register: { imei: '869999000000017', model: 7 } }).register).toEqual({
      imei: '869999000000017',
      model: null,
    });
    expect(readFleetState({ register: { imei: '' } }).register).toBeNull();
  });
});
