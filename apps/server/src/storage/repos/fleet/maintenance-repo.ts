import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ServiceFields, ServiceInterval, ServiceItem } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import { hasGlobalScope, type Viewer } from '../scope.ts';
import { visibleVidsQuery } from './fleet-repo.ts';
import { serviceColumnsOf, toServiceFields } from '../mappers.ts';

/** A vehicle with a service due, as the maintenance list and the reminders read it. */
export interface VehicleDues {
  vid: string;
  plate: string;
  name: string;
  ownerEmail: string;
  odometerKm: number;
  fields: ServiceFields;
  intervals: Partial<Record<ServiceItem, ServiceInterval>>;
}

const HOUR_MS = 3_600_000;

/** The stored intervals (jsonb) of each item, dropping anything that is not one. */
function readIntervals(value: unknown): Partial<Record<ServiceItem, ServiceInterval>> {
  if (typeof value !== 'object' || value === null) return {};
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
  const out: Partial<Record<ServiceItem, ServiceInterval>> = {};
  for (const [item, raw] of Object.entries(value as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const r = raw as Record<string, unknown>;
    out[item as ServiceItem] = { km: count(r['km']), hours: count(r['hours']), days: count(r['days']) };
  }
  return out;
}

/** Maintenance reminders' store (migration 039, ADR 0092). */
export function createMaintenanceRepo(db: Db) {
  return {
    /** Vehicles the viewer reaches (all with null) that have at least one service due set. */
    async vehiclesWithDues(viewer: Viewer | null, vids?: readonly string[]): Promise<VehicleDues[]> {
      let q = db
        .selectFrom('vehicles as v')
        .innerJoin('users as u', 'u.uid', 'v.uid')
        .selectAll('v')
        .select('u.user_email')
        .where((eb) =>
          eb.or([
            eb('v.engine_service_next_mileage', 'is not', null),
            eb('v.engine_service_next_working_hour', 'is not', null),
            eb('v.engine_service_due_date', 'is not', null),
            eb('v.transmission_service_next_mileage', 'is not', null),
            eb('v.transmission_service_due_date', 'is not', null),
            eb('v.rear_axle_service_next_mileage', 'is not', null),
            eb('v.rear_axle_service_due_date', 'is not', null),
            eb('v.service_next_mileage', 'is not', null),
            eb('v.service_due_date', 'is not', null),
          ]),
        );
      if (viewer && !hasGlobalScope(viewer)) q = q.where('v.vid', 'in', visibleVidsQuery(db, viewer));
      if (vids) q = q.where(isAnyOf('v.vid', vids));
      const rows = await q.orderBy('v.vehicle_plate').execute();
      return rows.map((r) => ({
        vid: r.vid,
        plate: r.vehicle_plate,
        name: r.vehicle_display_name,
        ownerEmail: r.user_email,
        odometerKm: Number(r.mileage_km),
        fields: toServiceFields(r),
        intervals: readIntervals(r.service_intervals),
      }));
    },

    /** Engine hours of each vehicle: its moving and idling time over every day it reported. */
    async engineHours(vids: readonly string[]): Promise<Map<string, number>> {
      if (vids.length === 0) return new Map();
      const rows = await db
        .selectFrom('vehicle_day_stats')
        .select(['vid', sql<number>`sum(moving_ms + idling_ms)`.as('engine_ms')])
        .where(isAnyOf('vid', vids))
        .groupBy('vid')
        .execute();
      return new Map(rows.map((r) => [r.vid, Number(r.engine_ms) / HOUR_MS]));
    },

    /** Each vehicle's and item's latest "done": when and by whom. */
    async lastDone(vids: readonly string[]): Promise<Map<string, { at: number; by: string }>> {
      if (vids.length === 0) return new Map();
      const rows = await db
        .selectFrom('maintenance_log')
        .select(['vid', 'item', 'done_at', 'done_by'])
        .where(isAnyOf('vid', vids))
        .orderBy('done_at', 'asc')
        .execute();
      return new Map(rows.map((r) => [`${r.vid}/${r.item}`, { at: Number(r.done_at), by: r.done_by }]));
    },

    /** Records a service done and writes the next due and the interval, in one transaction. */
    async markDone(done: {
      vid: string;
      item: ServiceItem;
      atMs: number;
      odometerKm: number;
      engineHours: number;
      by: string;
      note: string;
      next: Partial<ServiceFields>;
      intervals: Partial<Record<ServiceItem, ServiceInterval>>;
    }): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('maintenance_log')
          .values({
            mlid: randomUUID(),
            vid: done.vid,
            item: done.item,
            done_at: done.atMs,
            odometer_km: done.odometerKm,
            engine_hours: done.engineHours,
            done_by: done.by,
            note: done.note,
          })
          .execute();
        await tx
          .updateTable('vehicles')
          .set({
            ...serviceColumnsOf(done.next),
            service_intervals: JSON.stringify(done.intervals),
          })
          .where('vid', '=', done.vid)
          .execute();
      });
    },

    /** Whether this reminder is new (then it is recorded as sent): one per due and level. */
    async alertOnce(vid: string, item: ServiceItem, dueKey: string, level: string, nowMs: number): Promise<boolean> {
      const row = await db
        .insertInto('maintenance_alerts')
        .values({ vid, item, due_key: dueKey, level, sent_at: nowMs })
        .onConflict((oc) => oc.columns(['vid', 'item', 'due_key', 'level']).doNothing())
        .returning('vid')
        .executeTakeFirst();
      return row !== undefined;
    },

    async forgetAlert(vid: string, item: ServiceItem, dueKey: string, level: string): Promise<void> {
      await db
        .deleteFrom('maintenance_alerts')
        .where('vid', '=', vid)
        .where('item', '=', item)
        .where('due_key', '=', dueKey)
        .where('level', '=', level)
        .execute();
    },
  };
}
export type MaintenanceRepo = ReturnType<typeof createMaintenanceRepo>;
