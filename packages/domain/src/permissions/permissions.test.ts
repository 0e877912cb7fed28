import { describe, expect, it } from 'vitest';
import { toPermissionRole } from '../roles.ts';
import type { PermissionRole } from '../roles.ts';
import {
  MENU_KEYS,
  MENU_KEY_SUBJECTS,
  PERMISSION_SUBJECTS,
  SIDEBAR_ENTRIES,
  canManage,
  canPerform,
  canRead,
  defineAbilityFor,
  sidebarEntriesFor,
} from './index.ts';
import type { PermissionSubject } from './index.ts';

// Expectations are written out by hand from spec 1 §6, spec 2 §6 and spec 3 §6, transposed
// (subject rows, role columns) so they are not a copy of PERMISSION_TABLE.
// M = manage (read, update, delete), R = read only, - = nothing.
type Grant = 'M' | 'R' | '-';
const ROLES = [
  'SUPER',
  'SUPPORT',
  'DISTRIBUTOR',
  'FLEET_MANAGER',
  'FLEET_OWNER',
  'FLEET_OPERATOR',
  'DEFAULT',
] as const satisfies readonly PermissionRole[];

// prettier-ignore
const EXPECTED: Record<PermissionSubject, readonly [Grant, Grant, Grant, Grant, Grant, Grant, Grant]> = {
  //                 SUPER SUPPORT DISTR MANAGER OWNER OPERATOR DEFAULT
  fleetTracking:     ['M', 'M', 'R', 'R', 'R', 'R', '-'],
  informationTable:  ['M', 'M', 'M', 'M', 'M', 'M', '-'],
  tripRecord:        ['M', 'M', 'M', 'R', 'R', 'R', '-'],
  vehicleActivity:   ['M', 'M', 'R', 'R', 'R', 'R', '-'],
  eventRecord:       ['M', 'M', 'R', 'R', 'R', 'R', '-'],
  inspector:         ['M', 'M', '-', '-', '-', '-', '-'],
  poi:               ['M', 'M', 'M', 'R', 'M', 'R', '-'],
  geofence:          ['M', 'M', 'M', 'R', 'M', 'R', '-'],
  geofenceRecord:    ['M', 'M', 'M', 'M', 'M', 'M', '-'],
  users:             ['M', 'M', 'M', '-', 'M', '-', '-'],
  operatorAccount:   ['M', 'M', 'M', 'M', 'M', '-', '-'],
  userManagement:    ['M', '-', 'M', '-', 'M', '-', '-'],
  deviceManagement:  ['M', 'M', 'M', '-', '-', '-', '-'],
  report:            ['M', '-', '-', '-', 'M', '-', '-'],
  vehicleManagement: ['M', 'M', 'M', 'R', 'M', 'R', '-'],
  calledReport:      ['M', 'M', 'R', 'R', 'R', 'R', '-'],
  notifications:     ['M', 'M', 'R', 'R', 'R', 'R', '-'],
  profile:           ['M', 'M', 'M', 'M', 'M', 'R', 'R'],
  preferences:       ['M', 'M', 'M', 'M', 'M', 'R', 'R'],
  about:             ['M', 'M', 'R', 'R', 'R', 'R', 'R'],
  cases:             ['M', 'M', 'M', 'M', 'M', 'R', '-'],
  configuration:     ['M', 'M', 'M', 'M', 'M', 'M', '-'],
  management:        ['M', 'M', 'M', 'M', 'M', 'M', '-'],
  fuelAnalysis:      ['M', 'M', 'M', 'M', 'M', 'M', '-'],
  migration:         ['M', '-', '-', '-', '-', '-', '-'],
  escalation:        ['M', 'M', 'M', '-', 'M', '-', '-'],
  vehicleReport:     ['M', 'M', 'M', '-', 'M', '-', '-'],
  deviceInspector:   ['R', '-', 'R', '-', '-', '-', '-'],
};

const MATRIX = Object.entries(EXPECTED).flatMap(([subject, grants]) =>
  ROLES.map((role, i) => ({ role, subject: subject as PermissionSubject, grant: grants[i] })),
);

describe('permission matrix (role × subject)', () => {
  it('covers every subject for every role', () => {
    expect(MATRIX).toHaveLength(PERMISSION_SUBJECTS.length * ROLES.length);
    expect(PERMISSION_SUBJECTS).toHaveLength(28);
  });

  it.each(MATRIX)('$role on $subject: $grant', ({ role, subject, grant }) => {
    expect(canRead(role, subject)).toBe(grant !== '-');
    expect(canManage(role, subject)).toBe(grant === 'M');
    expect(canPerform(role, 'update', subject)).toBe(grant === 'M');
    expect(canPerform(role, 'delete', subject)).toBe(grant === 'M');
  });
});

describe('special cases from specs 1–3 §6', () => {
  const cases: [string, PermissionRole, PermissionSubject, 'read' | 'update' | 'manage', boolean][] = [
    ['SUPER reads the device inspector', 'SUPER', 'deviceInspector', 'read', true],
    ['SUPER cannot update the device inspector', 'SUPER', 'deviceInspector', 'update', false],
    ['SUPER manages migration', 'SUPER', 'migration', 'manage', true],
    ['SUPPORT has no device inspector', 'SUPPORT', 'deviceInspector', 'read', false],
    ['SUPPORT has no migration', 'SUPPORT', 'migration', 'read', false],
    ['SUPPORT has no user management', 'SUPPORT', 'userManagement', 'read', false],
    ['SUPPORT has no report', 'SUPPORT', 'report', 'read', false],
    ['SUPPORT still manages users', 'SUPPORT', 'users', 'manage', true],
    ['DISTRIBUTOR has no migration', 'DISTRIBUTOR', 'migration', 'read', false],
    ['DISTRIBUTOR reads the device inspector', 'DISTRIBUTOR', 'deviceInspector', 'read', true],
    ['DISTRIBUTOR cannot update it', 'DISTRIBUTOR', 'deviceInspector', 'update', false],
    ['DISTRIBUTOR manages escalation', 'DISTRIBUTOR', 'escalation', 'manage', true],
    ['FLEET_MANAGER manages fuel analysis', 'FLEET_MANAGER', 'fuelAnalysis', 'manage', true],
    ['FLEET_MANAGER has no escalation', 'FLEET_MANAGER', 'escalation', 'read', false],
    ['FLEET_MANAGER manages operator accounts', 'FLEET_MANAGER', 'operatorAccount', 'manage', true],
    ['FLEET_OWNER manages escalation', 'FLEET_OWNER', 'escalation', 'manage', true],
    ['FLEET_OWNER manages vehicle report', 'FLEET_OWNER', 'vehicleReport', 'manage', true],
    ['FLEET_OWNER manages report', 'FLEET_OWNER', 'report', 'manage', true],
    ['FLEET_OWNER reads trip records', 'FLEET_OWNER', 'tripRecord', 'read', true],
    ['FLEET_OWNER cannot update trip records', 'FLEET_OWNER', 'tripRecord', 'update', false],
    ['FLEET_OPERATOR escalation read not granted', 'FLEET_OPERATOR', 'escalation', 'read', false],
    ['FLEET_OPERATOR manages configuration', 'FLEET_OPERATOR', 'configuration', 'manage', true],
    ['FLEET_OPERATOR manages management', 'FLEET_OPERATOR', 'management', 'manage', true],
    ['FLEET_OPERATOR only reads profile', 'FLEET_OPERATOR', 'profile', 'update', false],
    ['DEFAULT reads profile', 'DEFAULT', 'profile', 'read', true],
    ['DEFAULT cannot update preferences', 'DEFAULT', 'preferences', 'update', false],
    ['DEFAULT has no fleet tracking', 'DEFAULT', 'fleetTracking', 'read', false],
  ];

  it.each(cases)('%s', (_name, role, subject, action, allowed) => {
    expect(defineAbilityFor(role).can(action, subject)).toBe(allowed);
  });

  it('unknown or missing role values fall back to DEFAULT: profile, preferences, about', () => {
    const role = toPermissionRole('somethingElse');
    const readable = PERMISSION_SUBJECTS.filter((s) => canRead(role, s));
    expect(readable).toEqual(['profile', 'preferences', 'about']);
    expect(PERMISSION_SUBJECTS.filter((s) => canManage(role, s))).toEqual([]);
    expect(toPermissionRole(undefined)).toBe('DEFAULT');
  });

  it('defineAbilityFor returns a fresh ability; changing it does not leak into the helpers', () => {
    const ability = defineAbilityFor('DEFAULT');
    ability.update([{ action: 'manage', subject: 'migration' }]);
    expect(ability.can('manage', 'migration')).toBe(true);
    expect(canManage('DEFAULT', 'migration')).toBe(false);
    expect(defineAbilityFor('DEFAULT').can('read', 'migration')).toBe(false);
  });
});

describe('sidebar', () => {
  it('lists the 11 entries of spec 1 §2 in order, path = "/" + key', () => {
    expect(SIDEBAR_ENTRIES).toEqual([
      {
        key: 'InformationTable',
        label: 'Information Table',
        path: '/InformationTable',
        subject: 'informationTable',
      },
      { key: 'TripRecord', label: 'Trip Record', path: '/TripRecord', subject: 'tripRecord' },
      { key: 'Geofence', label: 'Geofence Management', path: '/Geofence', subject: 'geofence' },
      {
        key: 'UserManagement',
        label: 'User Management',
        path: '/UserManagement',
        subject: 'userManagement',
      },
      { key: 'Management', label: 'Management', path: '/Management', subject: 'management' },
      { key: 'EventRecord', label: 'Event Record', path: '/EventRecord', subject: 'eventRecord' },
      {
        key: 'FuelAnalysis',
        label: 'Fuel Analysis',
        path: '/FuelAnalysis',
        subject: 'fuelAnalysis',
      },
      { key: 'Migration', label: 'Migration', path: '/Migration', subject: 'migration' },
      { key: 'SOSAlerts', label: 'SOS Alerts', path: '/SOSAlerts', subject: 'escalation' },
      {
        key: 'VehicleReport',
        label: 'Vehicle Reports',
        path: '/VehicleReport',
        subject: 'vehicleReport',
      },
      { key: 'Profile', label: 'Profile', path: '/Profile', subject: 'profile' },
    ]);
  });

  const expectedKeys: [PermissionRole, string[]][] = [
    [
      'SUPER',
      [
        'InformationTable',
        'TripRecord',
        'Geofence',
        'UserManagement',
        'Management',
        'EventRecord',
        'FuelAnalysis',
        'Migration',
        'SOSAlerts',
        'VehicleReport',
        'Profile',
      ],
    ],
    [
      'SUPPORT',
      [
        'InformationTable',
        'TripRecord',
        'Geofence',
        'Management',
        'EventRecord',
        'FuelAnalysis',
        'SOSAlerts',
        'VehicleReport',
        'Profile',
      ],
    ],
    [
      'DISTRIBUTOR',
      [
        'InformationTable',
        'TripRecord',
        'Geofence',
        'UserManagement',
        'Management',
        'EventRecord',
        'FuelAnalysis',
        'SOSAlerts',
        'VehicleReport',
        'Profile',
      ],
    ],
    [
      'FLEET_MANAGER',
      ['InformationTable', 'TripRecord', 'Geofence', 'Management', 'EventRecord', 'FuelAnalysis', 'Profile'],
    ],
    [
      'FLEET_OWNER',
      [
        'InformationTable',
        'TripRecord',
        'Geofence',
        'UserManagement',
        'Management',
        'EventRecord',
        'FuelAnalysis',
        'SOSAlerts',
        'VehicleReport',
        'Profile',
      ],
    ],
    [
      'FLEET_OPERATOR',
      ['InformationTable', 'TripRecord', 'Geofence', 'Management', 'EventRecord', 'FuelAnalysis', 'Profile'],
    ],
    ['DEFAULT', ['Profile']],
  ];

  it.each(expectedKeys)('%s sees exactly its entries', (role, keys) => {
    expect(sidebarEntriesFor(role).map((e) => e.key)).toEqual(keys);
  });

  it('fleetOperator role value: no SOS Alerts despite the faulty escalation grant', () => {
    const keys = sidebarEntriesFor(toPermissionRole('fleetOperator')).map((e) => e.key);
    expect(keys).not.toContain('SOSAlerts');
    expect(keys).toContain('Management');
  });
});

describe('menu keys', () => {
  it('has the 28 keys of spec 1 §2', () => {
    expect(MENU_KEYS).toHaveLength(28);
    expect(new Set(MENU_KEYS).size).toBe(28);
  });

  it('maps Dev → inspector and SOSAlerts → escalation', () => {
    expect(MENU_KEY_SUBJECTS.Dev).toBe('inspector');
    expect(MENU_KEY_SUBJECTS.SOSAlerts).toBe('escalation');
    expect(MENU_KEY_SUBJECTS.DeviceInspector).toBe('deviceInspector');
    expect(MENU_KEY_SUBJECTS.POI).toBe('poi');
  });

  it('maps keys one-to-one onto all 28 subjects', () => {
    const subjects = MENU_KEYS.map((k) => MENU_KEY_SUBJECTS[k]);
    expect(new Set(subjects).size).toBe(28);
    expect([...subjects].sort()).toEqual([...PERMISSION_SUBJECTS].sort());
  });
});
