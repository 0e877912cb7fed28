import { describe, expect, it } from 'vitest';
import type { PermissionRole } from '../roles.ts';
import { PERMISSION_TABLE, SIDEBAR_ENTRIES, mayOpenRoute, routeAccess, sidebarEntriesFor } from './index.ts';

/** Path, then the action and subject it needs ('-' for none). */
const NEEDS = `
/Migration                      read migration
/Migration/MigrateUser/u1       read migration
/SOSAlerts                      read escalation
/VehicleReport                  read vehicleReport
/Management/Rule                read management
/Management/Vehicle/Edit/v1     manage vehicleManagement
/UserManagement/EditVehicle/v1  manage vehicleManagement
/FleetRecord_Test               read tripRecord
/Profile/ChangePassword         read profile
/                               -
/Test                           -
/MigrationX                     -
`;

/** Role, path, and whether it may open it. */
const MAY_OPEN = `
FLEET_OPERATOR  /Migration                   no
FLEET_OPERATOR  /VehicleReport               no
FLEET_OPERATOR  /SOSAlerts                   no
FLEET_OPERATOR  /UserManagement              no
FLEET_OPERATOR  /Management/Vehicle          yes
FLEET_OPERATOR  /Management/Vehicle/Edit/v1  no
FLEET_OWNER     /Management/Vehicle/Edit/v1  yes
SUPPORT         /Migration                   no
SUPPORT         /UserManagement              no
FLEET_MANAGER   /SOSAlerts                   no
DISTRIBUTOR     /Migration                   no
SUPER           /Migration                   yes
`;

const rows = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));

describe('route access', () => {
  it('reads what a path needs from the sidebar table, the edit forms needing their grant', () => {
    for (const [path = '', action, subject] of rows(NEEDS)) {
      expect(routeAccess(path), path).toEqual(action === '-' ? null : { action, subject });
    }
  });

  it('lets a role open a path only with the grant it needs', () => {
    for (const [role, path = '', may] of rows(MAY_OPEN)) {
      expect(mayOpenRoute(role as PermissionRole, path), `${role} ${path}`).toBe(may === 'yes');
    }
  });

  it('opens exactly the sidebar entries each role is shown', () => {
    for (const role of Object.keys(PERMISSION_TABLE) as PermissionRole[]) {
      const shown = new Set(sidebarEntriesFor(role).map((entry) => entry.path));
      for (const { path } of SIDEBAR_ENTRIES) expect(mayOpenRoute(role, path), `${role} ${path}`).toBe(shown.has(path));
    }
  });
});
