import { sql } from 'kysely';
import type { HierarchyNode, MigrationUser } from '@jejak/contract';
import {
  isRoleValue,
  type RoleValue,
  type StageName,
  type StageRecord,
  type User,
  type UserPreference,
} from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import { toUser } from '../mappers.ts';
import type { UsersTable } from '../../db/schema.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';

export interface UserWithSecret {
  user: User;
  passwordHash: string;
  disabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface UserProfileFields {
  userName: string;
  userEmail: string;
  userRole: RoleValue;
  userContact: string;
  userAddress: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const toStageRecord = (r: { stage: string; created_at: number }): StageRecord => ({
  stage: r.stage === 'V1' ? 'V1' : 'V2',
  createdAt: Number(r.created_at),
});

export function createUsersRepo(db: Db) {
  const withSecret = (row: UsersTable): UserWithSecret => ({
    user: toUser(row),
    passwordHash: row.password_hash,
    disabled: row.disabled,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

  // Tree nodes with their number of children, so the console can load children lazily.
  const nodes = () =>
    db
      .selectFrom('users as u')
      .select([
        'u.uid',
        'u.user_name',
        'u.user_email',
        'u.user_role',
        'u.user_hierarchy',
        'u.parent_id',
        sql<number>`(select count(*)::int from users c where c.parent_id = u.uid)`.as('child_count'),
      ]);
  type NodeRow = Awaited<ReturnType<ReturnType<typeof nodes>['execute']>>[number];
  const toNode = (r: NodeRow): HierarchyNode | null =>
    isRoleValue(r.user_role)
      ? {
          uid: r.uid,
          userName: r.user_name,
          userEmail: r.user_email,
          userRole: r.user_role,
          userHierarchy: r.user_hierarchy,
          parentId: r.parent_id,
          childCount: r.child_count,
        }
      : null;
  const toNodes = (rows: NodeRow[]) => rows.map(toNode).filter((n): n is HierarchyNode => n !== null);

  return {
    async findByEmail(email: string): Promise<UserWithSecret | null> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(user_email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row ? withSecret(row) : null;
    },

    async findByUid(uid: string): Promise<UserWithSecret | null> {
      const row = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
      return row ? withSecret(row) : null;
    },

    /** The user behind a session with its stage records, in one read (every API call makes it). */
    async findWithStages(uid: string): Promise<(UserWithSecret & { stages: StageRecord[] }) | null> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .select(
          sql<
            { stage: string; created_at: number }[]
          >`coalesce((select json_agg(json_build_object('stage', s.stage, 'created_at', s.created_at)) from user_stages s where s.uid = users.uid), '[]'::json)`.as(
            'stage_rows',
          ),
        )
        .where('uid', '=', uid)
        .executeTakeFirst();
      if (!row) return null;
      const { stage_rows, ...user } = row;
      return { ...withSecret(user), stages: stage_rows.map(toStageRecord) };
    },

    /** Whether another user already has this e-mail (case-insensitive). */
    async emailTaken(email: string, exceptUid: string | null): Promise<boolean> {
      let q = db
        .selectFrom('users')
        .select('uid')
        .where(sql<string>`lower(user_email)`, '=', email.trim().toLowerCase());
      if (exceptUid) q = q.where('uid', '<>', exceptUid);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async stages(uid: string): Promise<StageRecord[]> {
      const rows = await db
        .selectFrom('user_stages')
        .select(['stage', 'created_at'])
        .where('uid', '=', uid)
        .orderBy('created_at')
        .execute();
      return rows.map(toStageRecord);
    },

    async addStage(uid: string, stage: StageName, nowMs: number): Promise<void> {
      await db.insertInto('user_stages').values({ uid, stage, created_at: nowMs }).execute();
    },

    /** Inserts a user and its stage records; inside the caller's transaction when there is one. */
    async insert(row: UsersTable, stages: StageRecord[]): Promise<void> {
      const write = async (trx: Db) => {
        await trx
          .insertInto('users')
          .values({ ...row, preference: JSON.stringify(row.preference) })
          .execute();
        if (stages.length > 0) {
          await trx
            .insertInto('user_stages')
            .values(stages.map((s) => ({ uid: row.uid, stage: s.stage, created_at: s.createdAt })))
            .execute();
        }
      };
      if (db.isTransaction) await write(db);
      else await db.transaction().execute(write);
    },

    async updateProfile(uid: string, fields: UserProfileFields, nowMs: number): Promise<void> {
      await db
        .updateTable('users')
        .set({
          user_name: fields.userName,
          user_email: fields.userEmail,
          user_role: fields.userRole,
          user_contact: fields.userContact,
          user_address: fields.userAddress,
          updated_at: nowMs,
        })
        .where('uid', '=', uid)
        .execute();
    },

    async setPreference(uid: string, preference: UserPreference, nowMs: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ preference: JSON.stringify(preference), updated_at: nowMs })
        .where('uid', '=', uid)
        .execute();
    },

    async setPasswordHash(uid: string, hash: string, nowMs: number): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash, updated_at: nowMs }).where('uid', '=', uid).execute();
    },

    async node(uid: string): Promise<HierarchyNode | null> {
      const row = await nodes().where('u.uid', '=', uid).executeTakeFirst();
      return row ? toNode(row) : null;
    },

    async children(uid: string): Promise<HierarchyNode[]> {
      return toNodes(await nodes().where('u.parent_id', '=', uid).orderBy('u.user_name').orderBy('u.uid').execute());
    },

    async childRoles(uid: string): Promise<RoleValue[]> {
      const rows = await db.selectFrom('users').select('user_role').where('parent_id', '=', uid).execute();
      return rows.map((r) => r.user_role).filter(isRoleValue);
    },

    /** Users the viewer reaches whose name or e-mail contains `query` (case-insensitive). */
    async search(viewer: Viewer, query: string, limit: number): Promise<HierarchyNode[]> {
      const pattern = `%${escapeLike(query.toLowerCase())}%`;
      let q = nodes().where((eb) =>
        eb.or([eb(sql`lower(u.user_name)`, 'like', pattern), eb(sql`lower(u.user_email)`, 'like', pattern)]),
      );
      if (!hasGlobalScope(viewer)) q = q.where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
      return toNodes(await q.orderBy('u.user_name').orderBy('u.uid').limit(limit).execute());
    },

    /** The Migration table: every user the viewer reaches with the start of each stage. */
    async migrationRows(viewer: Viewer): Promise<MigrationUser[]> {
      let q = db
        .selectFrom('users as u')
        .leftJoin('user_stages as s1', (j) => j.onRef('s1.uid', '=', 'u.uid').on('s1.stage', '=', 'V1'))
        .leftJoin('user_stages as s2', (j) => j.onRef('s2.uid', '=', 'u.uid').on('s2.stage', '=', 'V2'))
        .select(['u.uid', 'u.user_name', 'u.user_email', 'u.user_role', 's1.created_at as v1', 's2.created_at as v2']);
      if (!hasGlobalScope(viewer)) q = q.where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
      const rows = await q.orderBy('u.user_name').orderBy('u.uid').execute();
      return rows.flatMap((r) =>
        isRoleValue(r.user_role)
          ? [
              {
                uid: r.uid,
                userName: r.user_name,
                userEmail: r.user_email,
                userRole: r.user_role,
                stage: r.v2 !== null ? ('V2' as const) : r.v1 !== null ? ('V1' as const) : null,
                v1CreatedAt: r.v1,
                v2CreatedAt: r.v2,
              },
            ]
          : [],
      );
    },

    async count(): Promise<number> {
      const r = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return r.n;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
