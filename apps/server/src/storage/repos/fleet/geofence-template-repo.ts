import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { GeofenceTemplateDto } from '@jejak/contract';
import { isAnyOf, type Db } from '../../db/database.ts';
import { BUILT_IN_NAMES } from '../accounts/relations-repo.ts';
import { insertMembers, membersOf, subtreeUids, visibleGtidsQuery } from './geofence-repo.ts';
import type { Viewer } from '../scope.ts';

/** Geofence templates (spec 2 §3): which geofences each holds, and which vehicles use it. */
export function createGeofenceTemplateRepo(db: Db) {
  async function withMembers(
    rows: { gtid: string; uid: string; template_name: string; color_hex: string; created_at: number }[],
  ): Promise<GeofenceTemplateDto[]> {
    const members = await membersOf(
      db,
      'gtid',
      rows.map((r) => r.gtid),
    );
    return rows.map((r) => ({
      gtid: r.gtid,
      uid: r.uid,
      templateName: r.template_name,
      colorHexCode: r.color_hex.toUpperCase(),
      geofences: members.get(r.gtid) ?? [],
      createdAt: r.created_at,
    }));
  }

  const templates = () => db.selectFrom('geofence_templates').selectAll();
  // UNGROUP first (spec 2: the notification's geofence tree), then by name.
  const ordered = <Q extends ReturnType<typeof templates>>(q: Q) =>
    q.orderBy((eb) => eb('template_name', '<>', BUILT_IN_NAMES.geofenceTemplate)).orderBy('template_name');

  return {
    /** The user's built-in UNGROUP template, created if it has none yet. */
    async ensureUngroup(uid: string, nowMs: number): Promise<string> {
      const ungroup = () =>
        db
          .selectFrom('geofence_templates')
          .select('gtid')
          .where('uid', '=', uid)
          .where('template_name', '=', BUILT_IN_NAMES.geofenceTemplate)
          .executeTakeFirst();
      const found = await ungroup();
      if (found) return found.gtid;
      await db
        .insertInto('geofence_templates')
        .values({ gtid: randomUUID(), uid, template_name: BUILT_IN_NAMES.geofenceTemplate, created_at: nowMs })
        .onConflict((oc) => oc.column('uid').where('template_name', '=', BUILT_IN_NAMES.geofenceTemplate).doNothing())
        .execute();
      const made = await ungroup();
      if (!made) throw new Error(`no UNGROUP template for ${uid}`);
      return made.gtid;
    },

    /** Links a vehicle to its owner's UNGROUP template (what every new vehicle gets). */
    async linkToUngroup(vid: string, ownerUid: string, nowMs: number): Promise<void> {
      const gtid = await this.ensureUngroup(ownerUid, nowMs);
      await db
        .insertInto('vehicle_geofence_templates')
        .values({ vid, gtid })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Templates a user owns or was given. */
    async ofUser(uid: string): Promise<GeofenceTemplateDto[]> {
      const given = db.selectFrom('user_geofence_templates').select('gtid').where('uid', '=', uid);
      const rows = await ordered(templates().where((eb) => eb.or([eb('uid', '=', uid), eb('gtid', 'in', given)])))
        .orderBy('gtid')
        .execute();
      return withMembers(rows);
    },

    /** Of these templates, those the viewer reaches. */
    async visibleAmong(viewer: Viewer, gtids: readonly string[]): Promise<GeofenceTemplateDto[]> {
      if (gtids.length === 0) return [];
      const rows = await ordered(
        templates()
          .where('gtid', 'in', [...new Set(gtids)])
          .where('gtid', 'in', visibleGtidsQuery(db, viewer)),
      )
        .orderBy('gtid')
        .execute();
      return withMembers(rows);
    },

    /** Of these templates, those owned in the viewer's subtree (which it may change). */
    async ownedWithin(viewer: Viewer, gtids: readonly string[]): Promise<GeofenceTemplateDto[]> {
      if (gtids.length === 0) return [];
      const rows = await templates()
        .where('gtid', 'in', [...new Set(gtids)])
        .where('uid', 'in', subtreeUids(db, viewer))
        .execute();
      return withMembers(rows);
    },

    async insert(uid: string, name: string, colorHex: string, nowMs: number): Promise<string> {
      const gtid = randomUUID();
      await db
        .insertInto('geofence_templates')
        .values({ gtid, uid, template_name: name, color_hex: colorHex, created_at: nowMs })
        .execute();
      return gtid;
    },

    async update(gtid: string, name: string, colorHex: string): Promise<void> {
      await db
        .updateTable('geofence_templates')
        .set({ template_name: name, color_hex: colorHex })
        .where('gtid', '=', gtid)
        .execute();
    },

    async addMembers(gtid: string, geoids: readonly string[]): Promise<void> {
      await insertMembers(
        db,
        geoids.map((geoid) => ({ gtid, geoid })),
      );
    },

    async removeMembers(gtid: string, geoids: readonly string[]): Promise<void> {
      if (geoids.length === 0) return;
      await db
        .deleteFrom('geofence_template_members')
        .where('gtid', '=', gtid)
        .where('geoid', 'in', [...new Set(geoids)])
        .execute();
    },

    /**
     * Keeps each geofence's owner's UNGROUP holding exactly the owner's geofences in none of its
     * other templates (spec 1 §3, spec 2: the built-in group of ungrouped geofences): out of
     * UNGROUP once another of the owner's templates holds it, back in when it leaves the last
     * one. Returns the UNGROUP templates whose geofences changed (their vehicles' fences change).
     */
    async settleUngroup(geoids: readonly string[], nowMs: number): Promise<string[]> {
      if (geoids.length === 0) return [];
      const owners = await db
        .selectFrom('geofences')
        .select('uid')
        .distinct()
        .where(isAnyOf('geoid', geoids))
        .execute();
      for (const { uid } of owners) await this.ensureUngroup(uid, nowMs);
      const UNGROUP = BUILT_IN_NAMES.geofenceTemplate;
      return db.transaction().execute(async (trx) => {
        const left = await sql<{ gtid: string }>`
          delete from geofence_template_members m
          using geofences g, geofence_templates u
          where ${isAnyOf('m.geoid', geoids)} and g.geoid = m.geoid
            and u.gtid = m.gtid and u.uid = g.uid and u.template_name = ${UNGROUP}
            and exists (
              select 1 from geofence_template_members o join geofence_templates t on t.gtid = o.gtid
              where o.geoid = m.geoid and t.uid = g.uid and t.template_name <> ${UNGROUP})
          returning m.gtid`.execute(trx);
        const back = await sql<{ gtid: string }>`
          insert into geofence_template_members (gtid, geoid)
          select u.gtid, g.geoid from geofences g
          join geofence_templates u on u.uid = g.uid and u.template_name = ${UNGROUP}
          where ${isAnyOf('g.geoid', geoids)}
            and not exists (
              select 1 from geofence_template_members o join geofence_templates t on t.gtid = o.gtid
              where o.geoid = g.geoid and t.uid = g.uid)
          on conflict do nothing
          returning gtid`.execute(trx);
        return [...new Set([...left.rows, ...back.rows].map((r) => r.gtid))];
      });
    },

    /** Sets which of `ownerUid`'s templates hold the geofence; returns the templates it was in before. */
    async setMembership(geoid: string, ownerUid: string, gtids: readonly string[]): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const owned = trx.selectFrom('geofence_templates').select('gtid').where('uid', '=', ownerUid);
        const before = await trx
          .selectFrom('geofence_template_members')
          .select('gtid')
          .where('geoid', '=', geoid)
          .where('gtid', 'in', owned)
          .execute();
        await trx
          .deleteFrom('geofence_template_members')
          .where('geoid', '=', geoid)
          .where('gtid', 'in', owned)
          .execute();
        await insertMembers(
          trx,
          gtids.map((gtid) => ({ gtid, geoid })),
        );
        return before.map((r) => r.gtid);
      });
    },
  };
}
export type GeofenceTemplateRepo = ReturnType<typeof createGeofenceTemplateRepo>;
