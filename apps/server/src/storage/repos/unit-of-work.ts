import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { createApiTokensRepo } from './accounts/api-tokens-repo.ts';
import { createAuditRepo, writeAudit, type AuditActor, type AuditRecord } from './accounts/audit-repo.ts';
import { createPasswordResetsRepo } from './accounts/password-resets-repo.ts';
import { createRelationsRepo } from './accounts/relations-repo.ts';
import { createSessionsRepo } from './accounts/sessions-repo.ts';
import { createUserFleetRepo } from './accounts/user-fleet-repo.ts';
import { createUsersRepo } from './accounts/users-repo.ts';
import { createEscalationRepo } from './alerts/escalation-repo.ts';
import { createEventRepo } from './alerts/event-repo.ts';
import { createNotificationLogRepo } from './alerts/notification-log-repo.ts';
import { createNotificationRepo } from './alerts/notification-repo.ts';
import { createMessageGuardRepo } from './alerts/message-guard-repo.ts';
import { createRuleRepo } from './alerts/rule-repo.ts';
import { createRuleCoverageRepo } from './alerts/rule-coverage-repo.ts';
import { createTicketRepo } from './alerts/ticket-repo.ts';
import { createDeviceRepo } from './fleet/device-repo.ts';
import { createFleetRepo } from './fleet/fleet-repo.ts';
import { createFuelRepo } from './fleet/fuel-repo.ts';
import { createGeofenceRepo } from './fleet/geofence-repo.ts';
import { createGeofenceTemplateRepo } from './fleet/geofence-template-repo.ts';
import { createPackagesRepo } from './fleet/packages-repo.ts';
import { createVehicleGroupRepo } from './fleet/vehicle-group-repo.ts';
import { createVehicleRepo } from './fleet/vehicle-repo.ts';
import { createRecordsRepo } from './records/records-repo.ts';
import { createReportKindsRepo } from './records/report-kinds-repo.ts';
import { createReportRepo } from './records/report-repo.ts';

/**
 * Every repository the services use, on the database or on one transaction. Repositories hold
 * no state of their own, so building them per transaction costs a few objects.
 */
export function reposOn(db: Db) {
  return {
    users: createUsersRepo(db),
    relations: createRelationsRepo(db),
    userFleet: createUserFleetRepo(db),
    sessions: createSessionsRepo(db),
    apiTokens: createApiTokensRepo(db),
    resets: createPasswordResetsRepo(db),
    /** Writes an audit row: inside a transaction, it commits with the change or not at all. */
    audit: (actor: AuditActor, record: AuditRecord, nowMs: number) => writeAudit(db, actor, record, nowMs),
    auditLog: createAuditRepo(db),
    fleet: createFleetRepo(db),
    devices: createDeviceRepo(db),
    vehicles: createVehicleRepo(db),
    vehicleGroups: createVehicleGroupRepo(db),
    packages: createPackagesRepo(db),
    fuel: createFuelRepo(db),
    geofences: createGeofenceRepo(db),
    geofenceTemplates: createGeofenceTemplateRepo(db),
    rules: createRuleRepo(db),
    ruleCoverage: createRuleCoverageRepo(db),
    tickets: createTicketRepo(db),
    events: createEventRepo(db),
    notifications: createNotificationRepo(db),
    notificationLogs: createNotificationLogRepo(db),
    messageGuards: createMessageGuardRepo(db),
    escalations: createEscalationRepo(db),
    records: createRecordsRepo(db),
    reports: createReportRepo(db),
    reportKinds: createReportKindsRepo(db),
  };
}
export type Repos = ReturnType<typeof reposOn>;

export interface TransactionOptions {
  /**
   * The error to throw when a unique index refuses a row of the transaction (another request
   * took the key between a check and the write: the index, not the check, holds under
   * concurrency). Given the index's name; without this option the database's error goes on.
   */
  onDuplicate?: (uniqueIndex: string | undefined) => Error;
}

/** Runs `work` in one transaction over the repositories `R`: it commits when `work` resolves. */
export type InTransaction<R = Repos> = <T>(work: (repos: R) => Promise<T>, options?: TransactionOptions) => Promise<T>;

/**
 * What a service is handed: the repositories it names (`K`), outside any transaction, and a
 * way to run several writes in one.
 */
export interface UnitOfWork<K extends keyof Repos = keyof Repos> {
  repos: Pick<Repos, K>;
  transaction: InTransaction<Pick<Repos, K>>;
}

/** The repositories and the transaction helper on `db`, built once by the wiring. */
export function unitOfWork(db: Db): UnitOfWork {
  return {
    repos: reposOn(db),
    async transaction<T>(work: (repos: Repos) => Promise<T>, options?: TransactionOptions): Promise<T> {
      try {
        return await db.transaction().execute((trx) => work(reposOn(trx)));
      } catch (err) {
        if (options?.onDuplicate && isUniqueViolation(err)) {
          const index = (err as { constraint?: unknown }).constraint;
          throw options.onDuplicate(typeof index === 'string' ? index : undefined);
        }
        throw err;
      }
    },
  };
}
