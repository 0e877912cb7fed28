import type { UserRelationsResponse } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import {
  devicesFor,
  deviceFixed,
  deviceOptions,
  everyDeviceTaken,
  mergedRelations,
  relationChoices,
} from './vehicle-choices.ts';

const free = (dvid: string, uid = 'd') => ({ dvid, uid, vid: null, vehiclePlate: null });
const taken = (dvid: string, vid: string) => ({ dvid, uid: 'd', vid, vehiclePlate: `P-${vid}` });

describe('device choice (spec 2 §5)', () => {
  const devices = [taken('GPS100#1', 'v1'), free('GPS100#3'), taken('GPS100#0', 'v0'), free('GPS100#2')];

  it('lists free devices first, then those on a vehicle, disabled', () => {
    expect(deviceOptions(devices, null)).toEqual([
      { value: 'GPS100#2', label: 'GPS100#2', disabled: false },
      { value: 'GPS100#3', label: 'GPS100#3', disabled: false },
      { value: 'GPS100#0', label: 'GPS100#0 (P-v0)', disabled: true },
      { value: 'GPS100#1', label: 'GPS100#1 (P-v1)', disabled: true },
    ]);
  });

  it('editing offers only the current device and free ones', () => {
    expect(deviceOptions(devices, { vid: 'v1' }).map((o) => [o.value, o.disabled])).toEqual([
      ['GPS100#1', false],
      ['GPS100#2', false],
      ['GPS100#3', false],
    ]);
  });

  it("offers the target's own devices and its ancestors' only", () => {
    const mixed = [free('a', 'dist'), free('b', 'owner'), free('c', 'other')];
    expect(devicesFor(mixed, 'root#dist#owner').map((d) => d.dvid)).toEqual(['a', 'b']);
    expect(devicesFor(mixed, null)).toHaveLength(3);
  });

  it('the device is fixed once set', () => {
    expect(deviceFixed(null)).toBe(false);
    expect(deviceFixed('-')).toBe(false);
    expect(deviceFixed('GPS100#1')).toBe(true);
  });

  it('knows when every device has a vehicle (the Add Device banner)', () => {
    expect(everyDeviceTaken(devices)).toBe(false);
    expect(everyDeviceTaken([taken('a', 'v')])).toBe(true);
    expect(everyDeviceTaken([])).toBe(true);
  });
});

const relations = (prefix: string, extra = true): UserRelationsResponse => ({
  status: 200,
  vehicleGroups: [
    { vgid: `${prefix}-all`, groupName: 'ALL', colorHexCode: 'FFFFFF', vehicles: [] },
    ...(extra ? [{ vgid: `${prefix}-g1`, groupName: 'North', colorHexCode: 'FFCCCC', vehicles: [] }] : []),
  ],
  geofenceTemplates: [
    { id: `${prefix}-ungroup`, templateName: 'UNGROUP' },
    ...(extra ? [{ id: `${prefix}-gt1`, templateName: 'Depots' }] : []),
  ],
  ruleTemplates: [
    { id: `${prefix}-default`, templateName: 'DEFAULT' },
    ...(extra ? [{ id: `${prefix}-rt1`, templateName: 'Speeding' }] : []),
  ],
  linked: { vgids: [], gtids: [], rtids: [] },
});

describe('groups and templates merge (spec 2 §5)', () => {
  it('offers the target user’s own groups and templates, built-ins left out', () => {
    expect(relationChoices(relations('o'))).toEqual({
      vehicleGroups: [{ id: 'o-g1', name: 'North' }],
      geofenceTemplates: [{ id: 'o-gt1', name: 'Depots' }],
      ruleTemplates: [{ id: 'o-rt1', name: 'Speeding' }],
    });
  });

  it("adds the target's ALL, UNGROUP and DEFAULT to the chosen ones, without duplicates", () => {
    const merged = mergedRelations({
      chosen: { vgids: ['o-g1', 'o-g1'], gtids: [], rtids: ['o-rt1'] },
      target: relations('o'),
      targetName: 'Owner',
      distributor: null,
    });
    expect(merged).toEqual({
      vehicleGroups: [
        { id: 'o-g1', name: 'North' },
        { id: 'o-all', name: 'ALL (Owner)' },
      ],
      geofenceTemplates: [{ id: 'o-ungroup', name: 'UNGROUP (Owner)' }],
      ruleTemplates: [
        { id: 'o-rt1', name: 'Speeding' },
        { id: 'o-default', name: 'DEFAULT (Owner)' },
      ],
    });
  });

  it("adds a distributor's own ALL too, once when the distributor is the target", () => {
    const forOwner = mergedRelations({
      chosen: { vgids: [], gtids: [], rtids: [] },
      target: relations('o'),
      targetName: 'Owner',
      distributor: { relations: relations('d', false), name: 'Dist' },
    });
    expect(forOwner.vehicleGroups.map((g) => g.id)).toEqual(['o-all', 'd-all']);
    const forSelf = mergedRelations({
      chosen: { vgids: [], gtids: [], rtids: [] },
      target: relations('d', false),
      targetName: 'Dist',
      distributor: { relations: relations('d', false), name: 'Dist' },
    });
    expect(forSelf.vehicleGroups.map((g) => g.id)).toEqual(['d-all']);
  });
});
