import { z } from 'zod';
import { AuditRequestSchema, AuditResponseSchema } from '../../accounts/audit.ts';
import { MigrateRequestSchema, MigrateResponseSchema, MigrationUsersResponseSchema } from '../../accounts/migration.ts';
import {
  AddPackageRequestSchema,
  RenewPackageRequestSchema,
  UpdatePackageRequestSchema,
  VehiclePackageLogsResponseSchema,
  VehiclePackageResponseSchema,
  VehiclePackagesResponseSchema,
  VidRequestSchema,
  VidsRequestSchema,
} from '../../accounts/subscriptions.ts';
import { grant, post } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const managePackages = grant('managePackages');

/** The migration table's body: nothing, or an empty object. */
const NoFiltersSchema = z.object({}).nullish();
/** The audit log's filters; no body reads as no filters (the first page). */
const AuditFiltersSchema = AuditRequestSchema.nullish().transform((filters) => filters ?? AuditRequestSchema.parse({}));

/** Migration, vehicle subscriptions and the audit log (spec 3). */
export const ADMINISTRATION_OPERATIONS = {
  userGetStages: post(
    API_PATHS.userGetStages,
    grant('migrate'),
    'Migration table (super)',
    NoFiltersSchema,
    MigrationUsersResponseSchema,
  ),
  userMigrate: post(
    API_PATHS.userMigrate,
    grant('migrate'),
    'Migrate a user V1 → V2 (super)',
    MigrateRequestSchema,
    MigrateResponseSchema,
  ),
  vehiclePackageGet: post(
    API_PATHS.vehiclePackageGet,
    'session',
    'Current packages of vehicles',
    VidsRequestSchema,
    VehiclePackagesResponseSchema,
  ),
  vehiclePackageAdd: post(
    API_PATHS.vehiclePackageAdd,
    managePackages,
    'Add a package',
    AddPackageRequestSchema,
    VehiclePackageResponseSchema,
  ),
  vehiclePackageUpdate: post(
    API_PATHS.vehiclePackageUpdate,
    managePackages,
    'Edit a package',
    UpdatePackageRequestSchema,
    VehiclePackageResponseSchema,
  ),
  // managePackages too, checked by the service after the period: a period without its end
  // date answers 'Please select end date' whoever asks.
  vehiclePackageRenew: post(
    API_PATHS.vehiclePackageRenew,
    'session',
    'Renew a package',
    RenewPackageRequestSchema,
    VehiclePackageResponseSchema,
  ),
  vehiclePackageSuspend: post(
    API_PATHS.vehiclePackageSuspend,
    managePackages,
    'Suspend a package',
    VidRequestSchema,
    VehiclePackageResponseSchema,
  ),
  vehiclePackageUnsuspend: post(
    API_PATHS.vehiclePackageUnsuspend,
    managePackages,
    'Unsuspend a package',
    VidRequestSchema,
    VehiclePackageResponseSchema,
  ),
  vehiclePackageTerminate: post(
    API_PATHS.vehiclePackageTerminate,
    managePackages,
    'Terminate a package',
    VidRequestSchema,
    VehiclePackageResponseSchema,
  ),
  vehiclePackageLogGet: post(
    API_PATHS.vehiclePackageLogGet,
    'session',
    'Package history of vehicles',
    VidsRequestSchema,
    VehiclePackageLogsResponseSchema,
  ),
  auditGet: post(API_PATHS.auditGet, grant('readAudit'), 'Audit log (super)', AuditFiltersSchema, AuditResponseSchema),
};
