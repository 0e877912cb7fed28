import { OPERATIONS, PACKAGE_TEXTS } from '@jejak/contract';
import type { AuditService } from '../../../services/accounts/audit-service.ts';
import type { MigrationService } from '../../../services/fleet/migration-service.ts';
import type { PackageService } from '../../../services/fleet/package-service.ts';
import type { Route } from '../../route-table.ts';

export interface AdministrationServices {
  migration: MigrationService;
  packages: PackageService;
  audit: AuditService;
}

/** Migration, vehicle subscriptions and the audit log (spec 3). */
export function registerAdministrationRoutes(route: Route, s: AdministrationServices): void {
  route(OPERATIONS.userGetStages, async ({ user }) => ({ status: 200, users: await s.migration.users(user) }));

  route(OPERATIONS.userMigrate, async ({ actor, body }) => ({
    status: 200,
    user: await s.migration.migrate(actor, body),
  }));

  route(OPERATIONS.vehiclePackageGet, async ({ user, body }) => ({
    status: 200,
    vehiclePackage: await s.packages.get(user, body.vids),
  }));

  route(OPERATIONS.vehiclePackageLogGet, async ({ user, body }) => ({
    status: 200,
    vehiclePackageLog: await s.packages.logs(user, body.vids),
  }));

  route(OPERATIONS.vehiclePackageAdd, async ({ actor, body }) => ({
    status: 200,
    vehiclePackage: await s.packages.add(actor, body),
    message: PACKAGE_TEXTS.addSuccess,
  }));
  route(OPERATIONS.vehiclePackageUpdate, async ({ actor, body }) => ({
    status: 200,
    vehiclePackage: await s.packages.update(actor, body),
    message: PACKAGE_TEXTS.editSuccess,
  }));
  route(OPERATIONS.vehiclePackageRenew, async ({ actor, body }) => ({
    status: 200,
    vehiclePackage: await s.packages.renew(actor, body),
    message: PACKAGE_TEXTS.renewSuccess,
  }));
  route(OPERATIONS.vehiclePackageSuspend, async ({ actor, body }) => ({
    status: 200,
    vehiclePackage: await s.packages.suspend(actor, body.vid),
    message: PACKAGE_TEXTS.suspendSuccess,
  }));
  route(OPERATIONS.vehiclePackageUnsuspend, async ({ actor, body }) => ({
    status: 200,
    vehiclePackage: await s.packages.unsuspend(actor, body.vid),
    message: PACKAGE_TEXTS.unsuspendSuccess,
  }));
  route(OPERATIONS.vehiclePackageTerminate, async ({ actor, body }) => ({
    status: 200,
    vehiclePackage: await s.packages.terminate(actor, body.vid),
    message: PACKAGE_TEXTS.terminateSuccess,
  }));

  route(OPERATIONS.auditGet, async ({ user, body }) => ({ status: 200, auditLogs: await s.audit.list(user, body) }));
}
