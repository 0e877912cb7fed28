import type { UserDeviceRow, UserVehicleRow } from '@jejak/contract';
import type { Db } from '../../db/database.ts';
import { visibleVidsQuery } from '../fleet/fleet-repo.ts';
import { toServiceFields } from '../mappers.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';

/** User Management's vehicle and device tables, limited to what a user reaches. */
export function createUserFleetRepo(db: Db) {
  return {
    async vehicleRows(viewer: Viewer): Promise<UserVehicleRow[]> {
      let q = db
        .selectFrom('vehicles as v')
        .leftJoin('devices as d', 'd.dvid', 'v.dvid')
        .selectAll('v')
        .select('d.sim_card');
      if (!hasGlobalScope(viewer)) q = q.where('v.vid', 'in', visibleVidsQuery(db, viewer));
      const rows = await q.orderBy('v.vehicle_display_name').orderBy('v.vid').execute();
      return rows.map((r) => ({
        vid: r.vid,
        uid: r.uid,
        vehiclePlate: r.vehicle_plate,
        vehicleDisplayName: r.vehicle_display_name,
        vehicleType: r.vehicle_type,
        vehicleModel: r.vehicle_model,
        dvid: r.dvid,
        simCard: r.sim_card,
        ...toServiceFields(r),
        createdAt: r.created_at,
      }));
    },

    /** Devices owned in the viewer's subtree or fitted to a vehicle it reaches. */
    async deviceRows(viewer: Viewer): Promise<UserDeviceRow[]> {
      let q = db
        .selectFrom('devices as d')
        .leftJoin('vehicles as v', 'v.dvid', 'd.dvid')
        .select(['d.dvid', 'd.uid', 'd.model', 'd.imei', 'd.sim_card', 'd.created_at', 'v.vid', 'v.vehicle_plate']);
      if (!hasGlobalScope(viewer)) {
        q = q.where((eb) =>
          eb.or([
            eb(
              'd.uid',
              'in',
              db
                .selectFrom('users as u')
                .select('u.uid')
                .where((e) => userInSubtree(e, 'u.user_hierarchy', viewer)),
            ),
            eb('v.vid', 'in', visibleVidsQuery(db, viewer)),
          ]),
        );
      }
      const rows = await q.orderBy('d.dvid').execute();
      return rows.map((r) => ({
        dvid: r.dvid,
        uid: r.uid,
        model: r.model,
        imei: r.imei,
        vid: r.vid,
        vehiclePlate: r.vehicle_plate,
        simCard: r.sim_card,
        createdAt: r.created_at,
      }));
    },

    /** Whether a user holds vehicles or devices (only fleet owners and distributors may). */
    async ownsFleet(uid: string): Promise<boolean> {
      const v = await db.selectFrom('vehicles').select('vid').where('uid', '=', uid).limit(1).executeTakeFirst();
      if (v) return true;
      const d = await db.selectFrom('devices').select('dvid').where('uid', '=', uid).limit(1).executeTakeFirst();
      return d !== undefined;
    },

    async setSubscriptionDates(vid: string, startAt: number | null, endAt: number | null): Promise<void> {
      await db
        .updateTable('vehicles')
        .set({ subs_start_date: startAt, subs_end_date: endAt })
        .where('vid', '=', vid)
        .execute();
    },
  };
}
export type UserFleetRepo = ReturnType<typeof createUserFleetRepo>;
