import { describe, expect, it } from 'vitest';
import { signInQueries } from './sign-in-load.ts';

const loaded = (role: Parameters<typeof signInQueries>[1]) => signInQueries('u1', role).map((q) => q.queryKey[0]);

describe("spec 1 §4's sign-in load", () => {
  it('loads everything for a distributor: groups, devices, templates, notifications, geofences', () => {
    expect(loaded('distributor')).toEqual([
      'vehicleGroups',
      'managedDevices',
      'account',
      'ruleTemplates',
      'notifications',
      'geofences',
    ]);
  });

  it("asks nothing a role may not read: no device groups for a fleet owner, no one's relations for an operator", () => {
    expect(loaded('fleetOwner')).not.toContain('managedDevices');
    expect(loaded('fleetOperator')).toEqual(['vehicleGroups', 'ruleTemplates', 'notifications', 'geofences']);
  });
});
