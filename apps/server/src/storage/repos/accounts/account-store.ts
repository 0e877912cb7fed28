import type { Db } from '../../db/database.ts';
import { writeAudit, type AuditActor, type AuditRecord } from './audit-repo.ts';
import { createPackagesRepo } from '../fleet/packages-repo.ts';
import { createPasswordResetsRepo } from './password-resets-repo.ts';
import { createRelationsRepo } from './relations-repo.ts';
import { createSessionsRepo } from './sessions-repo.ts';
import { createUserFleetRepo } from './user-fleet-repo.ts';
import { createUsersRepo } from './users-repo.ts';

export function reposOn(db: Db) {
  return {
    users: createUsersRepo(db),
    relations: createRelationsRepo(db),
    userFleet: createUserFleetRepo(db),
    packages: createPackagesRepo(db),
    resets: createPasswordResetsRepo(db),
    sessions: createSessionsRepo(db),
    audit: (actor: AuditActor, record: AuditRecord, nowMs: number) => writeAudit(db, actor, record, nowMs),
  };
}
export type AccountRepos = ReturnType<typeof reposOn>;

/**
 * The repositories the account services use. Changes run in `transaction`, where the change
 * and its audit row commit together or not at all.
 */
export function createAccountStore(db: Db) {
  return {
    ...reposOn(db),
    transaction<T>(fn: (repos: AccountRepos) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(reposOn(trx)));
    },
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
