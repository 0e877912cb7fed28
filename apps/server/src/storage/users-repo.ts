import { sql } from 'kysely';
import type { StageRecord, User } from '@jejak/domain';
import type { Db } from './database.ts';
import { toUser } from './mappers.ts';
import type { UsersTable } from './schema.ts';

export interface UserWithSecret {
  user: User;
  passwordHash: string;
  disabled: boolean;
}

export function createUsersRepo(db: Db) {
  const withSecret = (row: UsersTable): UserWithSecret => ({
    user: toUser(row),
    passwordHash: row.password_hash,
    disabled: row.disabled,
  });

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

    async stages(uid: string): Promise<StageRecord[]> {
      const rows = await db
        .selectFrom('user_stages')
        .select(['stage', 'created_at'])
        .where('uid', '=', uid)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({ stage: r.stage === 'V1' ? 'V1' : 'V2', createdAt: r.created_at }));
    },

    async insert(row: UsersTable, stages: StageRecord[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
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
      });
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
