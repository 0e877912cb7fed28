import { startOfDay } from './permit-status.ts';

/**
 * Maintenance reminders (issue 28 item 8) from a vehicle's service fields (spec 2 §3): each item
 * is due by odometer, engine hours or date, whichever comes first; "due soon" a configurable
 * margin ahead; "done" rolls the next due forward by the item's interval.
 */
export const SERVICE_ITEMS = ['engine', 'transmission', 'rearAxle', 'service'] as const;
export type ServiceItem = (typeof SERVICE_ITEMS)[number];

export const MAINTENANCE_STATES = ['OVERDUE', 'DUE_SOON', 'OK'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

/** The vehicle fields of spec 2 §3 that say when each item is due (km, hours, start-of-day ms). */
export interface ServiceFields {
  engineServiceNextMileage: number | null;
  engineServiceNextWorkingHour: number | null;
  engineServiceDueDate: number | null;
  transmissionServiceNextMileage: number | null;
  transmissionServiceDueDate: number | null;
  rearAxleServiceNextMileage: number | null;
  rearAxleServiceDueDate: number | null;
  serviceNextMileage: number | null;
  serviceDueDate: number | null;
}

/** When one item is next due; an item with none of the three is not tracked. */
export interface ServiceDue {
  item: ServiceItem;
  km: number | null;
  hours: number | null;
  date: number | null;
}

/** How far ahead an item counts as due soon. */
export interface MaintenanceMargins {
  km: number;
  hours: number;
  days: number;
}

/** How much of an item's distance, engine time and calendar is used up at each "done". */
export interface ServiceInterval {
  km: number | null;
  hours: number | null;
  days: number | null;
}

export interface VehicleUsage {
  odometerKm: number;
  engineHours: number;
  nowMs: number;
  timeZone: string;
}

const DAY_MS = 86_400_000;

/** The items a vehicle's fields set a due for (engine hours only the engine has, spec 2 §3). */
export function serviceDues(f: ServiceFields): ServiceDue[] {
  const dues: ServiceDue[] = [
    {
      item: 'engine',
      km: f.engineServiceNextMileage,
      hours: f.engineServiceNextWorkingHour,
      date: f.engineServiceDueDate,
    },
    { item: 'transmission', km: f.transmissionServiceNextMileage, hours: null, date: f.transmissionServiceDueDate },
    { item: 'rearAxle', km: f.rearAxleServiceNextMileage, hours: null, date: f.rearAxleServiceDueDate },
    { item: 'service', km: f.serviceNextMileage, hours: null, date: f.serviceDueDate },
  ];
  return dues.filter((d) => d.km !== null || d.hours !== null || d.date !== null);
}

export interface MaintenanceStatus {
  state: MaintenanceState;
  /** What is left before each due (negative: past it), null where the item has no such due. */
  leftKm: number | null;
  leftHours: number | null;
  leftDays: number | null;
}

/** Whichever of distance, engine time and date comes first decides. */
export function maintenanceStatus(
  due: ServiceDue,
  usage: VehicleUsage,
  margins: MaintenanceMargins,
): MaintenanceStatus {
  const today = startOfDay(usage.nowMs, usage.timeZone);
  const leftKm = due.km === null ? null : due.km - usage.odometerKm;
  const leftHours = due.hours === null ? null : due.hours - usage.engineHours;
  const leftDays = due.date === null ? null : Math.round((startOfDay(due.date, usage.timeZone) - today) / DAY_MS);
  const over =
    (leftKm !== null && leftKm <= 0) || (leftHours !== null && leftHours <= 0) || (leftDays !== null && leftDays <= 0);
  const soon =
    (leftKm !== null && leftKm <= margins.km) ||
    (leftHours !== null && leftHours <= margins.hours) ||
    (leftDays !== null && leftDays <= margins.days);
  return { state: over ? 'OVERDUE' : soon ? 'DUE_SOON' : 'OK', leftKm, leftHours, leftDays };
}

/**
 * The next due after a service done now: this odometer, engine time and day plus the interval;
 * a criterion without an interval is no longer due (the owner sets it again in the vehicle form).
 */
export function nextDue(item: ServiceItem, interval: ServiceInterval, usage: VehicleUsage): ServiceDue {
  const today = startOfDay(usage.nowMs, usage.timeZone);
  return {
    item,
    km: interval.km === null ? null : Math.round(usage.odometerKm + interval.km),
    hours: item === 'engine' && interval.hours !== null ? Math.round(usage.engineHours + interval.hours) : null,
    date: interval.days === null ? null : startOfDay(today + interval.days * DAY_MS + DAY_MS / 2, usage.timeZone),
  };
}

/** The vehicle fields that hold an item's due, to write a new one. */
export function serviceFieldsOf(due: ServiceDue): Partial<ServiceFields> {
  switch (due.item) {
    case 'engine':
      return {
        engineServiceNextMileage: due.km,
        engineServiceNextWorkingHour: due.hours,
        engineServiceDueDate: due.date,
      };
    case 'transmission':
      return { transmissionServiceNextMileage: due.km, transmissionServiceDueDate: due.date };
    case 'rearAxle':
      return { rearAxleServiceNextMileage: due.km, rearAxleServiceDueDate: due.date };
    case 'service':
      return { serviceNextMileage: due.km, serviceDueDate: due.date };
  }
}

/**
 * What identifies one due, so its reminder is sent once per level: the due values themselves (a
 * "done" or an edit makes a new due, which may be reminded of again).
 */
export function dueKey(due: ServiceDue): string {
  return `${due.km ?? '-'}/${due.hours ?? '-'}/${due.date ?? '-'}`;
}
