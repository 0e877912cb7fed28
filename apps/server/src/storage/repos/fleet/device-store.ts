import { writeAudit, type AuditActor, type AuditRecord } from '../accounts/audit-repo.ts';
import type { Db } from '../../db/database.ts';
import { createDeviceRepo } from './device-repo.ts';
import { createUsersRepo } from '../accounts/users-repo.ts';

function reposOn(db: Db) {
  return {
    devices: createDeviceRepo(db),
    users: createUsersRepo(db),
    audit: (actor: AuditActor, record: AuditRecord, nowMs: number) => writeAudit(db, actor, record, nowMs),
  };
}
export type DeviceRepos = ReturnType<typeof reposOn>;

/** The device service's repositories; a change and its audit row commit in one `transaction`. */
export function createDeviceStore(db: Db) {
  return {
    ...reposOn(db),
    transaction<T>(fn: (repos: DeviceRepos) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(reposOn(trx)));
    },
  };
}
export type DeviceStore = ReturnType<typeof createDeviceStore>;
