import { defaultFuelProfile, type Vehicle } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import type { Trail } from '../../store/trails.ts';
import { diffTrails, type DrawnTrails } from './trail-features.ts';

function vehicle(vid: string, dvid: string, transitStatus: Vehicle['transitStatus']): Vehicle {
  return {
    vid,
    dvid,
    uid: 'u1',
    vehiclePlate: `P-${vid}`,
    vehicleDisplayName: `Lorry ${vid}`,
    vehicleType: 'Truck',
    vehicleModel: 'X',
    transitStatus,
    transitFrom: 0,
    updatedAt: 0,
    mileage: 0,
    createdAt: 0,
    fuelProfile: defaultFuelProfile(),
  };
}

const moved: Trail = {
  positions: [
    [101.1, 3.1],
    [101.2, 3.2],
  ],
  lastTimeMs: 1,
};
const notMovedYet: Trail = { positions: [[101.5, 3.5]], lastTimeMs: 1 };

describe('diffTrails', () => {
  it('adds one line per vehicle that has moved, with its status for the colour', () => {
    const trails = new Map([
      ['d1', moved],
      ['d2', notMovedYet],
    ]);
    const drawn: DrawnTrails = new Map();
    const diff = diffTrails(
      drawn,
      [vehicle('v1', 'd1', 'MOVING'), vehicle('v2', 'd2', 'PARKING'), vehicle('v3', '-', 'IDLING')],
      (dvid) => trails.get(dvid),
    );
    expect(diff).toEqual({
      add: [
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [101.1, 3.1],
              [101.2, 3.2],
            ],
          },
          properties: { vid: 'v1', status: 'MOVING' },
        },
      ],
      remove: [],
    });
    expect([...drawn.keys()]).toEqual(['v1']);
  });

  it('sends nothing for unchanged trails, and only the vehicles whose trail or status changed', () => {
    const trails = new Map([
      ['d1', moved],
      ['d2', moved],
      ['d3', moved],
    ]);
    const drawn: DrawnTrails = new Map();
    const fleet = [vehicle('v1', 'd1', 'MOVING'), vehicle('v2', 'd2', 'MOVING'), vehicle('v3', 'd3', 'MOVING')];
    diffTrails(drawn, fleet, (dvid) => trails.get(dvid));
    expect(diffTrails(drawn, fleet, (dvid) => trails.get(dvid))).toEqual({ add: [], remove: [] });

    trails.set('d2', { positions: [...moved.positions, [101.3, 3.3]], lastTimeMs: 2 });
    const diff = diffTrails(drawn, [fleet[0]!, fleet[1]!, vehicle('v3', 'd3', null)], (dvid) => trails.get(dvid));
    expect(diff.add.map((f) => f.properties)).toEqual([
      { vid: 'v2', status: 'MOVING' },
      { vid: 'v3', status: 'DISCONNECTED' },
    ]);
    expect(diff.add[0]?.geometry.coordinates).toHaveLength(3);
    expect(diff.remove).toEqual([]);
  });

  it('removes the trails of vehicles that are gone or whose trail restarted', () => {
    const trails = new Map([
      ['d1', moved],
      ['d2', moved],
    ]);
    const drawn: DrawnTrails = new Map();
    diffTrails(drawn, [vehicle('v1', 'd1', 'MOVING'), vehicle('v2', 'd2', 'MOVING')], (dvid) => trails.get(dvid));

    trails.set('d1', notMovedYet);
    const diff = diffTrails(drawn, [vehicle('v1', 'd1', 'MOVING')], (dvid) => trails.get(dvid));
    expect(diff).toEqual({ add: [], remove: ['v1', 'v2'] });
    expect(drawn.size).toBe(0);
  });
});
