import { describe, expect, it } from 'vitest';
import { dueKey, maintenanceStatus, nextDue, serviceDues, serviceFieldsOf, type ServiceFields } from './maintenance.ts';

const TZ = 'Asia/Kuala_Lumpur';
const day = (iso: string) => Date.parse(`${iso}T00:00:00+08:00`);
const NONE: ServiceFields = {
  engineServiceNextMileage: null,
  engineServiceNextWorkingHour: null,
  engineServiceDueDate: null,
  transmissionServiceNextMileage: null,
  transmissionServiceDueDate: null,
  rearAxleServiceNextMileage: null,
  rearAxleServiceDueDate: null,
  serviceNextMileage: null,
  serviceDueDate: null,
};
const margins = { km: 500, hours: 25, days: 14 };
const usage = { odometerKm: 10_000, engineHours: 400, nowMs: Date.parse('2026-11-29T15:00:00+08:00'), timeZone: TZ };

describe('maintenance reminders', () => {
  it('tracks only the items that have a due', () => {
    expect(serviceDues(NONE)).toEqual([]);
    expect(serviceDues({ ...NONE, transmissionServiceDueDate: day('2027-01-01') })).toEqual([
      { item: 'transmission', km: null, hours: null, date: day('2027-01-01') },
    ]);
  });

  it('is due soon when any of distance, engine time or date is within its margin, overdue once past', () => {
    const engine = { item: 'engine' as const, km: 12_000, hours: 600, date: day('2027-03-01') };
    expect(maintenanceStatus(engine, usage, margins)).toEqual({
      state: 'OK',
      leftKm: 2000,
      leftHours: 200,
      leftDays: 92,
    });
    expect(maintenanceStatus({ ...engine, km: 10_400 }, usage, margins).state).toBe('DUE_SOON');
    expect(maintenanceStatus({ ...engine, hours: 420 }, usage, margins).state).toBe('DUE_SOON');
    expect(maintenanceStatus({ ...engine, date: day('2026-12-13') }, usage, margins)).toMatchObject({
      state: 'DUE_SOON',
      leftDays: 14,
    });
    expect(maintenanceStatus({ ...engine, km: 9_990 }, usage, margins)).toMatchObject({
      state: 'OVERDUE',
      leftKm: -10,
    });
    // A due date of today is overdue whatever the hour (days, not instants).
    expect(maintenanceStatus({ ...engine, date: day('2026-11-29') }, usage, margins).state).toBe('OVERDUE');
  });

  it('rolls the next due forward from now by the interval; a criterion without one is dropped', () => {
    const next = nextDue('engine', { km: 5000, hours: 250, days: 180 }, usage);
    expect(next).toEqual({ item: 'engine', km: 15_000, hours: 650, date: day('2027-05-28') });
    expect(nextDue('service', { km: null, hours: 100, days: 30 }, usage)).toEqual({
      item: 'service',
      km: null,
      hours: null,
      date: day('2026-12-29'),
    });
    expect(serviceFieldsOf(next)).toEqual({
      engineServiceNextMileage: 15_000,
      engineServiceNextWorkingHour: 650,
      engineServiceDueDate: day('2027-05-28'),
    });
    expect(dueKey(next)).not.toBe(dueKey({ ...next, km: 15_001 }));
  });
});
