import { describe, expect, it } from 'vitest';
import { ACCOUNT_CALLS, mayCall } from '../permissions/account-calls.ts';
import type { PermissionRole } from '../roles.ts';
import type { RoleValue } from '../roles.ts';
import { isValidContact, isValidEmail, splitContact } from './contact.ts';
import { creatableRoles, creationProblem, roleChangeProblem, type RoleChange } from './roles-assign.ts';
import { currentStage, migrationProblem } from './stages.ts';

describe('roles a creator may assign (spec 1 §5)', () => {
  it.each([
    ['fleetOwner', ['fleetOperator']],
    ['distributor', ['distributor', 'fleetOwner']],
    ['super', ['distributor', 'fleetOwner']],
    ['fleetOperator', ['fleetOperator']],
    ['support', []],
    ['fleetManager', []],
  ] as [RoleValue, RoleValue[]][])('%s → %j', (creator, roles) => {
    expect(creatableRoles(creator)).toEqual(roles);
  });

  it.each([
    ['super', 'super', 'distributor', null],
    ['super', 'distributor', 'fleetOwner', null],
    ['distributor', 'distributor', 'distributor', null],
    ['fleetOwner', 'fleetOwner', 'fleetOperator', null],
    ['fleetOwner', 'fleetOwner', 'fleetOwner', 'roleNotAllowed'],
    ['distributor', 'distributor', 'fleetOperator', 'roleNotAllowed'],
    ['distributor', 'distributor', 'super', 'roleNotAllowed'],
    ['super', 'super', 'support', 'roleNotAllowed'],
    ['super', 'fleetOwner', 'distributor', 'parentNotAllowed'],
    ['super', 'fleetOperator', 'fleetOwner', 'parentNotAllowed'],
    ['fleetOwner', 'fleetOperator', 'fleetOperator', 'parentNotAllowed'],
  ] as [RoleValue, RoleValue, RoleValue, string | null][])('%s creating under a %s a %s: %s', (c, p, r, problem) => {
    expect(creationProblem(c, p, r)).toBe(problem);
  });
});

describe('role changes on Edit User', () => {
  const base: RoleChange = {
    editor: 'distributor',
    isSelf: false,
    from: 'fleetOwner',
    to: 'distributor',
    parent: 'distributor',
    children: [],
    ownsFleet: false,
  };
  it.each([
    ['keeping the role', { to: 'fleetOwner' }, null],
    ['owner → distributor under a distributor', {}, null],
    ['own role', { isSelf: true }, 'roleNotAllowed'],
    ['by a fleet owner (no role field)', { editor: 'fleetOwner' }, 'roleNotAllowed'],
    ['to super', { to: 'super' }, 'roleNotAllowed'],
    ['from super', { from: 'super' }, 'roleNotAllowed'],
    ['owner → operator under a distributor', { to: 'fleetOperator' }, 'parentNotAllowed'],
    [
      'distributor with owners → owner',
      { from: 'distributor', to: 'fleetOwner', children: ['fleetOwner'] },
      'childrenNotAllowed',
    ],
    [
      'owner with vehicles → operator under an owner',
      { from: 'fleetOwner', to: 'fleetOperator', parent: 'fleetOwner', ownsFleet: true },
      'ownsFleet',
    ],
    [
      'operator → owner under an owner',
      { from: 'fleetOperator', to: 'fleetOwner', parent: 'fleetOwner' },
      'parentNotAllowed',
    ],
  ] as [string, Partial<RoleChange>, string | null][])('%s: %s', (_name, change, problem) => {
    expect(roleChangeProblem({ ...base, ...change })).toBe(problem);
  });

  it('a fleet holder with vehicles cannot lose the right to hold them', () => {
    // A root-level user (no parent) changing from distributor to operator is blocked by its fleet.
    expect(
      roleChangeProblem({ ...base, from: 'distributor', to: 'fleetOperator', parent: null, ownsFleet: true }),
    ).toBe('ownsFleet');
  });
});

describe('stages and migration (spec 3 §4–5)', () => {
  const v1 = [{ stage: 'V1' as const, createdAt: 1 }];
  const both = [...v1, { stage: 'V2' as const, createdAt: 2 }];
  it('current stage', () => {
    expect(currentStage([])).toBeNull();
    expect(currentStage(v1)).toBe('V1');
    expect(currentStage(both)).toBe('V2');
  });
  it.each([
    [v1, 'V1', 'V2', null],
    [v1, 'V2', 'V1', 'sourceStageNotFound'],
    [v1, undefined, 'V2', 'sourceStageNotFound'],
    [[], 'V1', 'V2', 'sourceStageNotFound'],
    [v1, 'V1', undefined, 'targetStageMissing'],
    [v1, 'V1', 'V1', 'targetStageMissing'],
    [both, 'V2', 'V1', 'irreversible'],
    [both, 'V1', 'V2', 'sourceStageNotFound'],
  ] as const)('%j %s → %s: %s', (stages, source, target, problem) => {
    expect(migrationProblem(stages, source, target)).toBe(problem);
  });
});

describe('contact and e-mail', () => {
  it.each([
    ['+60123456789', true],
    ['+60312345678', true],
    ['+6031234567', true],
    ['+60 123456789', false],
    ['0123456789', false],
    ['+65123456789', false],
    ['+60012345678', false],
    ['+60123', false],
  ])('%s: %s', (contact, ok) => {
    expect(isValidContact(contact)).toBe(ok);
  });
  it('splits a stored contact for the form', () => {
    expect(splitContact('+60123456789')).toEqual({ prefix: '+60', number: '123456789' });
  });
  it('checks e-mails simply', () => {
    expect(isValidEmail('a@b.my')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.my')).toBe(false);
  });
});

describe('account calls by role', () => {
  // manageUsers, readDevices, managePackages, migrate, readAudit, readGeofences, manageGeofences,
  // manageDevices, addVehicles, manageVehicles, manageAlerts, readEvents, readTickets, resolveTickets,
  // readEscalations, acknowledgeEscalations, readReports, readFuelAnalysis, sendCommands, immobilise,
  // shareVehicles
  const expected: Record<PermissionRole, boolean[]> = {
    SUPER: [
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      true,
    ],
    SUPPORT: [
      false,
      true,
      true,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      true,
    ],
    DISTRIBUTOR: [
      true,
      true,
      true,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ],
    FLEET_MANAGER: [
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ],
    FLEET_OWNER: [
      true,
      false,
      false,
      false,
      false,
      true,
      true,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ],
    FLEET_OPERATOR: [
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ],
    DEFAULT: [
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ],
  };
  it.each(Object.entries(expected))('%s', (role, grants) => {
    expect(ACCOUNT_CALLS.map((c) => mayCall(role as PermissionRole, c))).toEqual(grants);
  });
});
