import type { FastifyInstance } from 'fastify';
import {
  AddPackageRequestSchema,
  API_PATHS,
  AuditRequestSchema,
  MigrateRequestSchema,
  PACKAGE_TEXTS,
  RenewPackageRequestSchema,
  UpdatePackageRequestSchema,
  VidRequestSchema,
  VidsRequestSchema,
  type AuditResponse,
  type MigrateResponse,
  type MigrationUsersResponse,
  type VehiclePackage,
  type VehiclePackageLogsResponse,
  type VehiclePackageResponse,
  type VehiclePackagesResponse,
} from '@jejak/contract';
import { z } from 'zod';
import type { Actor } from '../../services/access.ts';
import type { AuditService } from '../../services/accounts/audit-service.ts';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { MigrationService } from '../../services/fleet/migration-service.ts';
import type { PackageService } from '../../services/fleet/package-service.ts';
import { requireUser } from '../session.ts';
import { requireActor } from './route-kit.ts';

const EmptyBodySchema = z.object({}).nullish();

export interface AdministrationServices {
  migration: MigrationService;
  packages: PackageService;
  audit: AuditService;
}

/** Migration, vehicle subscriptions and the audit log (spec 3). */
export function registerAdministrationRoutes(app: FastifyInstance, auth: AuthService, s: AdministrationServices): void {
  app.post(API_PATHS.userGetStages, async (request): Promise<MigrationUsersResponse> => {
    const caller = await requireUser(auth, request);
    EmptyBodySchema.parse(request.body);
    return { status: 200, users: await s.migration.users(caller) };
  });

  app.post(API_PATHS.userMigrate, async (request): Promise<MigrateResponse> => {
    const actor = await requireActor(auth, request);
    return { status: 200, user: await s.migration.migrate(actor, MigrateRequestSchema.parse(request.body)) };
  });

  app.post(API_PATHS.vehiclePackageGet, async (request): Promise<VehiclePackagesResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, vehiclePackage: await s.packages.get(caller, VidsRequestSchema.parse(request.body).vids) };
  });

  app.post(API_PATHS.vehiclePackageLogGet, async (request): Promise<VehiclePackageLogsResponse> => {
    const caller = await requireUser(auth, request);
    return {
      status: 200,
      vehiclePackageLog: await s.packages.logs(caller, VidsRequestSchema.parse(request.body).vids),
    };
  });

  const change = (path: string, message: string, run: (actor: Actor, body: unknown) => Promise<VehiclePackage>) =>
    app.post(path, async (request): Promise<VehiclePackageResponse> => {
      const actor = await requireActor(auth, request);
      return { status: 200, vehiclePackage: await run(actor, request.body), message };
    });
  change(API_PATHS.vehiclePackageAdd, PACKAGE_TEXTS.addSuccess, (a, b) =>
    s.packages.add(a, AddPackageRequestSchema.parse(b)),
  );
  change(API_PATHS.vehiclePackageUpdate, PACKAGE_TEXTS.editSuccess, (a, b) =>
    s.packages.update(a, UpdatePackageRequestSchema.parse(b)),
  );
  change(API_PATHS.vehiclePackageRenew, PACKAGE_TEXTS.renewSuccess, (a, b) =>
    s.packages.renew(a, RenewPackageRequestSchema.parse(b)),
  );
  change(API_PATHS.vehiclePackageSuspend, PACKAGE_TEXTS.suspendSuccess, (a, b) =>
    s.packages.suspend(a, VidRequestSchema.parse(b).vid),
  );
  change(API_PATHS.vehiclePackageUnsuspend, PACKAGE_TEXTS.unsuspendSuccess, (a, b) =>
    s.packages.unsuspend(a, VidRequestSchema.parse(b).vid),
  );
  change(API_PATHS.vehiclePackageTerminate, PACKAGE_TEXTS.terminateSuccess, (a, b) =>
    s.packages.terminate(a, VidRequestSchema.parse(b).vid),
  );

  app.post(API_PATHS.auditGet, async (request): Promise<AuditResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, auditLogs: await s.audit.list(caller, AuditRequestSchema.parse(request.body ?? {})) };
  });
}
