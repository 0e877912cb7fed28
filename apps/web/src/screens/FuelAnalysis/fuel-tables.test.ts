import { describe, expect, it } from 'vitest';
import type { FuelRecord } from '@jejak/contract';
import { changeRows, chartColumns, litresPer100Km, summaryRows } from './fuel-tables.ts';

const T0 = Date.UTC(2026, 2, 1, 16);
const RECORD: FuelRecord = {
  tank: 'fuel1',
  capacity: 80,
  refuels: [
    {
      startLog: { fuel: 30, deviceTime: T0 + 3_600_000, location: { lat: 3, lon: 101 } },
      endLog: { fuel: 90, deviceTime: T0 + 3_900_000, location: { lat: 3, lon: 101 } },
      litres: 48,
    },
  ],
  fuelThefts: [],
  fuelConsumption: {
    totalIdlingDuration: 0,
    totalMovingDistance: 120,
    totalParkingDuration: 0,
    idlingFuelConsumption: 1.5,
    movingFuelConsumption: 10.5,
    parkingFuelConsumption: 0.25,
  },
};

describe('Fuel Analysis tables', () => {
  it('prices the litres used per status and in all', () => {
    expect(summaryRows(RECORD, 2)).toEqual([
      { key: 'moving', litres: 10.5, cost: 21 },
      { key: 'idling', litres: 1.5, cost: 3 },
      { key: 'parking', litres: 0.25, cost: 0.5 },
      { key: 'total', litres: 12.25, cost: 24.5 },
    ]);
    expect(litresPer100Km(RECORD)).toBe(10);
    expect(litresPer100Km({ ...RECORD, fuelConsumption: { ...RECORD.fuelConsumption, totalMovingDistance: 0 } })).toBe(
      null,
    );
  });

  it('prices each refuel at litres × price', () => {
    expect(changeRows(RECORD.refuels, 2.05)).toEqual([
      { key: 0, time: T0 + 3_600_000, litres: 48, cost: 98.4, location: { lat: 3, lon: 101 } },
    ]);
  });

  it('draws the fuel once per status and the engine as 50 or 0, against hours', () => {
    const cols = chartColumns(
      [
        { deviceTime: T0, speed: 0, fuel: 40, engineStatus: false, transitStatus: 'PARKING' },
        { deviceTime: T0 + 1_800_000, speed: 50, fuel: 39, engineStatus: true, transitStatus: 'MOVING' },
      ],
      T0,
    );
    expect(cols).toEqual([
      [0, 0.5],
      [0, 50],
      [null, 39],
      [null, null],
      [40, null],
      [null, null],
      [0, 50],
    ]);
  });
});
