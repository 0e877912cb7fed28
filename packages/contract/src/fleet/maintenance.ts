import { MAINTENANCE_STATES, SERVICE_ITEMS } from '@jejak/domain';
import { z } from 'zod';
import { RequiredId, text } from '../core/fields.ts';

/**
 * Maintenance reminders (issue 28 item 8, ADR 0092): each service item of the vehicles the caller
 * reaches, when it is due by odometer, engine hours or date, what is left and its state; "done"
 * records the service and rolls the next due forward by the item's interval.
 */
export const MAINTENANCE_TEXTS = {
  done: 'Service recorded',
  notDue: 'This vehicle has no due for this service',
  mailSubject: 'Jejak: service due for {plate}',
  mailOverdue: '{item} of {plate} ({name}) is overdue.',
  mailDueSoon: '{item} of {plate} ({name}) is due soon.',
  mailLeft: 'Due at {due}; now {now}.',
  mailFooter: 'Mark it done in Management → Maintenance once serviced: the next one is then due by its interval.',
} as const;

/** The service items as the e-mails name them (the console has its own labels). */
export const SERVICE_ITEM_LABELS = {
  engine: 'Engine service',
  transmission: 'Transmission service',
  rearAxle: 'Rear axle service',
  service: 'General service',
} as const satisfies Record<(typeof SERVICE_ITEMS)[number], string>;

const IntervalSchema = z.object({
  km: z.number().int().min(1).max(1_000_000).nullable(),
  hours: z.number().int().min(1).max(100_000).nullable(),
  days: z.number().int().min(1).max(3650).nullable(),
});

export const MaintenanceRowSchema = z.object({
  vid: z.string(),
  vehiclePlate: z.string(),
  vehicleDisplayName: z.string(),
  item: z.enum(SERVICE_ITEMS),
  dueKm: z.number().nullable(),
  dueHours: z.number().nullable(),
  /** Start-of-day epoch ms. */
  dueDate: z.number().nullable(),
  odometerKm: z.number(),
  engineHours: z.number(),
  leftKm: z.number().nullable(),
  leftHours: z.number().nullable(),
  leftDays: z.number().nullable(),
  state: z.enum(MAINTENANCE_STATES),
  /** The interval the last "done" used (offered again at the next one); null before any. */
  interval: IntervalSchema.nullable(),
  lastDoneAt: z.number().nullable(),
  lastDoneBy: z.string().nullable(),
});
export type MaintenanceRow = z.infer<typeof MaintenanceRowSchema>;

/** POST /maintenance/get {}: every tracked service of the vehicles the caller reaches, most urgent first. */
export const GetMaintenanceRequestSchema = z.object({}).strict();
export const MaintenanceResponseSchema = z.object({ status: z.literal(200), items: z.array(MaintenanceRowSchema) });

/** POST /maintenance/done {vid, item, interval, note}: serviced now; the next due is now + interval. */
export const MaintenanceDoneRequestSchema = z
  .object({
    vid: RequiredId,
    item: z.enum(SERVICE_ITEMS),
    interval: IntervalSchema,
    note: text().trim().max(500).optional(),
  })
  .strict();
export type MaintenanceDoneRequest = z.infer<typeof MaintenanceDoneRequestSchema>;
export const MaintenanceDoneResponseSchema = z.object({
  status: z.literal(200),
  item: MaintenanceRowSchema.nullable(),
  message: z.string(),
});

export const MAINTENANCE_PATHS = {
  maintenanceGet: '/maintenance/get',
  maintenanceDone: '/maintenance/done',
} as const;
