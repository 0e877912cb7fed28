import { sql } from 'kysely';
import { hierarchySegments } from '@jejak/domain';
import type { Db } from '../../db/database.ts';

/** Who a cloned tracker's e-mail goes to: the fleet owner and the distributor above the vehicle. */
export const CLONE_NOTICE_ROLES = ['fleetOwner', 'distributor'] as const;

export interface CloneRecipient {
  uid: string;
  hierarchy: string;
  email: string;
  role: (typeof CLONE_NOTICE_ROLES)[number];
}

export interface ClonedVehicle {
  vid: string;
  vehiclePlate: string;
  vehicleDisplayName: string;
  recipients: CloneRecipient[];
}

/** The reads of the clone notices (ADR 0082). */
export function createCloneNoticeRepo(db: Db) {
  return {
    /**
     * The vehicle fitted with `dvid` and the users its clone's e-mail goes to: of the vehicle's
     * owner and the users above it, the nearest fleet owner and the nearest distributor that are
     * not disabled. Null when the device is fitted to no vehicle.
     */
    async clonedVehicle(dvid: string): Promise<ClonedVehicle | null> {
      const vehicle = await db
        .selectFrom('vehicles as v')
        .innerJoin('users as u', 'u.uid', 'v.uid')
        .select(['v.vid', 'v.vehicle_plate', 'v.vehicle_display_name', 'u.user_hierarchy'])
        .where('v.dvid', '=', dvid)
        .orderBy('v.vid')
        .executeTakeFirst();
      if (!vehicle) return null;
      const chain = hierarchySegments(vehicle.user_hierarchy);
      const users = await db
        .selectFrom('users')
        .select(['uid', 'user_hierarchy', 'user_email', 'user_role'])
        .where(sql<boolean>`uid = any(${chain}::text[])`)
        .where('user_role', 'in', CLONE_NOTICE_ROLES)
        .where('disabled', '=', false)
        .execute();
      // Nearest first: the deepest in the vehicle owner's hierarchy.
      users.sort((a, b) => chain.indexOf(b.uid) - chain.indexOf(a.uid));
      const recipients = CLONE_NOTICE_ROLES.flatMap((role) => {
        const u = users.find((x) => x.user_role === role);
        return u ? [{ uid: u.uid, hierarchy: u.user_hierarchy, email: u.user_email, role }] : [];
      });
      return {
        vid: vehicle.vid,
        vehiclePlate: vehicle.vehicle_plate,
        vehicleDisplayName: vehicle.vehicle_display_name,
        recipients,
      };
    },
  };
}
export type CloneNoticeRepo = ReturnType<typeof createCloneNoticeRepo>;
