import type { RuleCoverageResponse } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { applicableGroups, applyVgid, templateCoverage } from './coverage.ts';

const response: RuleCoverageResponse = {
  status: 200,
  vehicleCount: 3,
  coverage: [
    {
      rtid: 'rt-80',
      vehicles: [
        { vid: 'v2', vehicleDisplayName: 'lori 2', vehiclePlate: 'WRG 2' },
        { vid: 'v1', vehicleDisplayName: 'Lori 1', vehiclePlate: 'WRG 1' },
      ],
      groups: [
        { vgid: 'g2', groupName: 'Utara' },
        { vgid: 'g1', groupName: 'selatan' },
      ],
    },
    { rtid: 'rt-none', vehicles: [], groups: [] },
  ],
  groups: [
    { vgid: 'all', groupName: 'ALL', vehicleCount: 3 },
    { vgid: 'g2', groupName: 'Utara', vehicleCount: 1 },
    { vgid: 'g3', groupName: 'Kosong', vehicleCount: 0 },
    { vgid: 'g1', groupName: 'selatan', vehicleCount: 1 },
  ],
};

describe('templateCoverage', () => {
  it('lists the vehicles and whole groups a template watches, by name, out of the owner’s vehicles', () => {
    expect(templateCoverage(response, 'rt-80')).toEqual({
      vehicles: [
        { vid: 'v1', vehicleDisplayName: 'Lori 1', vehiclePlate: 'WRG 1' },
        { vid: 'v2', vehicleDisplayName: 'lori 2', vehiclePlate: 'WRG 2' },
      ],
      groups: [
        { vgid: 'g1', groupName: 'selatan' },
        { vgid: 'g2', groupName: 'Utara' },
      ],
      total: 3,
      none: false,
    });
  });

  it('tells a template that watches no vehicle, also one the answer leaves out', () => {
    expect(templateCoverage(response, 'rt-none')?.none).toBe(true);
    expect(templateCoverage(response, 'rt-new')).toEqual({ vehicles: [], groups: [], total: 3, none: true });
  });

  it('is null while the coverage loads', () => {
    expect(templateCoverage(undefined, 'rt-80')).toBeNull();
  });
});

describe('applying a template', () => {
  it('offers the groups that have vehicles, ALL aside (it is "all vehicles")', () => {
    expect(applicableGroups(response).map((g) => g.vgid)).toEqual(['g1', 'g2']);
    expect(applicableGroups(undefined)).toEqual([]);
  });

  it('sends null for every vehicle and the group’s id for one group', () => {
    expect(applyVgid('all', 'g1')).toBeNull();
    expect(applyVgid('group', 'g1')).toBe('g1');
    expect(applyVgid('group', undefined)).toBeUndefined();
  });
});
