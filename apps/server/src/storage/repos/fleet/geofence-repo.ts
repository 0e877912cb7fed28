import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { GEOFENCE_TYPES, type Geofence, type GeofenceType } from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import type { GeofencesTable } from '../../db/schema.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';

/** A geofence as stored: the value, its owner and the templates holding it. */
export type StoredGeofence = Geofence & { uid: string; gtids: string[]; createdAt: number; updatedAt: number };

export type GeofenceInput = Omit<Geofence, 'geoid'>;

/** Coordinates are written only through the contract's schema, so a bad row is a broken store. */
function toGeofence(r: Selectable<GeofencesTable>): Geofence {
  if (!(GEOFENCE_TYPES as readonly string[]).includes(r.geo_type)) throw new Error(`geofence ${r.geoid}: bad type`);
  return {
    geoid: r.geoid,
    geoType: r.geo_type as GeofenceType,
    geofenceName: r.geofence_name,
    geofenceComment: r.geofence_comment,
    coordinates: r.coordinates as Geofence['coordinates'],
    geofenceRadius: r.geofence_radius,
  };
}

/** The stored columns of a geofence's value (JSON text for the jsonb coordinates). */
export function geofenceColumns(g: GeofenceInput) {
  return {
    geo_type: g.geoType,
    geofence_name: g.geofenceName,
    geofence_comment: g.geofenceComment,
    coordinates: JSON.stringify(g.coordinates),
    geofence_radius: g.geoType === 'POI' ? g.geofenceRadius : null,
  };
}

/** Template membership of these geofences (by geoid) or templates (by gtid): key → the other ids. */
export async function membersOf(db: Db, by: 'geoid' | 'gtid', keys: readonly string[]): Promise<Map<string, string[]>> {
  const other = by === 'geoid' ? 'gtid' : 'geoid';
  const found = new Map<string, string[]>(keys.map((k) => [k, []]));
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom('geofence_template_members')
    .select(['geoid', 'gtid'])
    .where(by, 'in', [...keys])
    .orderBy(other)
    .execute();
  for (const r of rows) found.get(r[by])?.push(r[other]);
  return found;
}

/** Users of the viewer's subtree (everyone, for global scope). */
/** Puts geofences into templates; a pair listed twice, or already there, is kept once. */
export async function insertMembers(db: Db, pairs: readonly { gtid: string; geoid: string }[]): Promise<void> {
  const unique = [...new Map(pairs.map((p) => [`${p.gtid}\u0000${p.geoid}`, p])).values()];
  if (unique.length === 0) return;
  await db
    .insertInto('geofence_template_members')
    .values(unique)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function subtreeUids(db: Db, viewer: Viewer) {
  let q = db.selectFrom('users as u').select('u.uid');
  if (!hasGlobalScope(viewer)) q = q.where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
  return q;
}

/** Templates the viewer reaches: owned by, or given to, a user of its subtree. */
export function visibleGtidsQuery(db: Db, viewer: Viewer) {
  const owned = db.selectFrom('geofence_templates').select('gtid').where('uid', 'in', subtreeUids(db, viewer));
  const given = db.selectFrom('user_geofence_templates').select('gtid').where('uid', 'in', subtreeUids(db, viewer));
  return owned.union(given);
}

/** Geofences a viewer (without global scope) sees: owned in its subtree, or in a template it reaches. */
export function visibleGeoidsQuery(db: Db, viewer: Viewer) {
  const owned = db.selectFrom('geofences').select('geoid').where('uid', 'in', subtreeUids(db, viewer));
  const inTemplates = db
    .selectFrom('geofence_template_members')
    .select('geoid')
    .where('gtid', 'in', visibleGtidsQuery(db, viewer));
  return owned.union(inTemplates);
}

/** Geofences, their template membership, and the reads the pipeline makes of them. */
export function createGeofenceRepo(db: Db) {
  async function withGtids(rows: Selectable<GeofencesTable>[]): Promise<StoredGeofence[]> {
    const members = await membersOf(
      db,
      'geoid',
      rows.map((r) => r.geoid),
    );
    return rows.map((r) => ({
      ...toGeofence(r),
      uid: r.uid,
      gtids: members.get(r.geoid) ?? [],
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  return {
    /** Geofences a viewer sees: owned in its subtree, or in a template it reaches. */
    async visible(viewer: Viewer): Promise<StoredGeofence[]> {
      let q = db.selectFrom('geofences').selectAll();
      if (!hasGlobalScope(viewer)) q = q.where('geoid', 'in', visibleGeoidsQuery(db, viewer));
      return withGtids(await q.orderBy('geofence_name').orderBy('geoid').execute());
    },

    /** A geofence whose owner is in the viewer's subtree (who may change it), or undefined. */
    async ownedWithin(viewer: Viewer, geoid: string): Promise<StoredGeofence | undefined> {
      const row = await db
        .selectFrom('geofences')
        .selectAll()
        .where('geoid', '=', geoid)
        .where('uid', 'in', subtreeUids(db, viewer))
        .executeTakeFirst();
      return row && (await withGtids([row]))[0];
    },

    /** Which of these geofences have their owner in the viewer's subtree. */
    async ownedWithinMany(viewer: Viewer, geoids: readonly string[]): Promise<Set<string>> {
      if (geoids.length === 0) return new Set();
      const rows = await db
        .selectFrom('geofences')
        .select('geoid')
        .where('geoid', 'in', [...new Set(geoids)])
        .where('uid', 'in', subtreeUids(db, viewer))
        .execute();
      return new Set(rows.map((r) => r.geoid));
    },

    async insert(uid: string, g: GeofenceInput, gtids: readonly string[], nowMs: number): Promise<string> {
      const geoid = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('geofences')
          .values({ geoid, uid, ...geofenceColumns(g), created_at: nowMs, updated_at: nowMs })
          .execute();
        await insertMembers(
          trx,
          gtids.map((gtid) => ({ gtid, geoid })),
        );
      });
      return geoid;
    },

    async update(geoid: string, g: GeofenceInput, nowMs: number): Promise<void> {
      await db
        .updateTable('geofences')
        .set({ ...geofenceColumns(g), updated_at: nowMs })
        .where('geoid', '=', geoid)
        .execute();
    },

    async remove(geoid: string): Promise<void> {
      await db.deleteFrom('geofences').where('geoid', '=', geoid).execute();
    },

    /** Vehicles evaluated against any of these geofences (through their templates). */
    async vidsOfGeofences(geoids: readonly string[]): Promise<string[]> {
      if (geoids.length === 0) return [];
      const rows = await db
        .selectFrom('vehicle_geofence_templates as vt')
        .innerJoin('geofence_template_members as m', 'm.gtid', 'vt.gtid')
        .select('vt.vid')
        .distinct()
        .where('m.geoid', 'in', [...geoids])
        .execute();
      return rows.map((r) => r.vid);
    },

    /** Vehicles evaluated against any of these templates. */
    async vidsOfTemplates(gtids: readonly string[]): Promise<string[]> {
      if (gtids.length === 0) return [];
      const rows = await db
        .selectFrom('vehicle_geofence_templates')
        .select('vid')
        .distinct()
        .where('gtid', 'in', [...gtids])
        .execute();
      return rows.map((r) => r.vid);
    },

    /** The geofences of each vehicle's templates, by vid (every vid asked for); one query. */
    async fencesByVid(vids: readonly string[]): Promise<Map<string, Geofence[]>> {
      const byVid = new Map<string, Geofence[]>(vids.map((vid) => [vid, []]));
      if (vids.length === 0) return byVid;
      const rows = await db
        .selectFrom('vehicle_geofence_templates as vt')
        .innerJoin('geofence_template_members as m', 'm.gtid', 'vt.gtid')
        .innerJoin('geofences as g', 'g.geoid', 'm.geoid')
        .selectAll('g')
        .select('vt.vid')
        .distinct()
        .where('vt.vid', 'in', [...vids])
        .orderBy('vt.vid')
        .orderBy('g.geoid')
        .execute();
      for (const r of rows) byVid.get(r.vid)?.push(toGeofence(r));
      return byVid;
    },
  };
}
export type GeofenceRepo = ReturnType<typeof createGeofenceRepo>;
