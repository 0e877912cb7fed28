import { mayCall, ROLE_VALUES, toPermissionRole } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { visibleTabs } from './management-tabs.ts';

const tabsOf = (role: unknown) =>
  visibleTabs(
    role,
    mayCall(toPermissionRole(String(role)), 'readDevices'),
    mayCall(toPermissionRole(String(role)), 'manageAlerts'),
  );

describe('Management tabs per role (spec 2 §2, §6)', () => {
  it('shows no tab until the role is known', () => {
    expect(tabsOf(undefined)).toEqual([]);
    expect(tabsOf('')).toEqual([]);
  });

  it('hides the Device tab from fleet owner and fleet operator only', () => {
    const shown = Object.fromEntries(ROLE_VALUES.map((role) => [role, tabsOf(role).includes('Device')]));
    expect(shown).toEqual({
      super: true,
      support: true,
      distributor: true,
      fleetManager: false,
      fleetOwner: false,
      fleetOperator: false,
    });
    expect(tabsOf('fleetOwner')).toEqual(['Vehicle', 'Rule', 'Notification', 'Maintenance', 'Webhook']);
    expect(tabsOf('distributor')).toEqual(['Vehicle', 'Device', 'Rule', 'Notification', 'Maintenance', 'Webhook']);
  });
});
