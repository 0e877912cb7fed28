import { z } from 'zod';
import { AuditRequestSchema, AuditResponseSchema } from '../accounts/audit.ts';
import { MigrateRequestSchema, MigrateResponseSchema, MigrationUsersResponseSchema } from '../accounts/migration.ts';
import { API_PATHS } from './routes.ts';
import {
  AddPackageRequestSchema,
  RenewPackageRequestSchema,
  UpdatePackageRequestSchema,
  VehiclePackageLogsResponseSchema,
  VehiclePackageResponseSchema,
  VehiclePackagesResponseSchema,
  VidRequestSchema,
  VidsRequestSchema,
} from '../accounts/subscriptions.ts';
import { UserDevicesResponseSchema, UserVehiclesResponseSchema } from '../accounts/user-fleet.ts';
import {
  AddUserRequestSchema,
  AddUserResponseSchema,
  ChangePasswordRequestSchema,
  ConfigureUserRequestSchema,
  ProfileUpdateRequestSchema,
  RequestPasswordResetSchema,
  ResetPasswordRequestSchema,
  StatusResponseSchema,
  UidRequestSchema,
  UpdateUserRequestSchema,
  UserRelationRequestSchema,
  UserRelationsResponseSchema,
  UserSearchRequestSchema,
  UsersResponseSchema,
} from '../accounts/user.ts';

export interface Operation {
  path: string;
  method: 'get' | 'post';
  summary: string;
  request: z.ZodType | null;
  response: z.ZodType;
  /** Needs a signed-in session (the jejak_sid cookie). */
  session: boolean;
  /** The media type of a file answer (e.g. an .xlsx); the answer is JSON when absent. */
  responseType?: string;
}

/** A session call's operation (POST, JSON body). */
export const op = (
  path: string,
  summary: string,
  request: z.ZodType,
  response: z.ZodType,
  session = true,
): Operation => ({
  path,
  method: 'post',
  summary,
  request,
  response,
  session,
});

/** The account calls of issue 4: users, relations, migration, passwords, packages, audit. */
export const ACCOUNT_OPERATIONS: readonly Operation[] = [
  op(API_PATHS.userGetChildren, 'Direct children of a user (lazy tree)', UidRequestSchema, UsersResponseSchema),
  op(
    API_PATHS.userSearch,
    "Users of the caller's subtree by name or e-mail",
    UserSearchRequestSchema,
    UsersResponseSchema,
  ),
  op(API_PATHS.userGetVehicles, "User Management's vehicle table", UidRequestSchema, UserVehiclesResponseSchema),
  op(API_PATHS.userGetDevices, "User Management's device table", UidRequestSchema, UserDevicesResponseSchema),
  op(API_PATHS.userAdd, 'Add a user under a parent', AddUserRequestSchema, AddUserResponseSchema),
  op(API_PATHS.userUpdate, 'Edit a user', UpdateUserRequestSchema, StatusResponseSchema),
  op(API_PATHS.userProfileUpdate, 'Save notification switches', ProfileUpdateRequestSchema, StatusResponseSchema),
  op(API_PATHS.userConfigure, 'Configure a fleet operator', ConfigureUserRequestSchema, StatusResponseSchema),
  op(API_PATHS.userResetPassword, 'E-mail a reset password link', RequestPasswordResetSchema, StatusResponseSchema),
  op(
    API_PATHS.userRelationGet,
    'Groups and templates a user owns and has',
    UidRequestSchema,
    UserRelationsResponseSchema,
  ),
  op(API_PATHS.userRelationAdd, 'Give a user groups and templates', UserRelationRequestSchema, StatusResponseSchema),
  op(
    API_PATHS.userRelationUpdate,
    "Replace a user's groups and templates",
    UserRelationRequestSchema,
    StatusResponseSchema,
  ),
  op(API_PATHS.userGetStages, 'Migration table (super)', z.object({}), MigrationUsersResponseSchema),
  op(API_PATHS.userMigrate, 'Migrate a user V1 → V2 (super)', MigrateRequestSchema, MigrateResponseSchema),
  op(
    API_PATHS.resetPassword,
    'Set a password from a reset link',
    ResetPasswordRequestSchema,
    StatusResponseSchema,
    false,
  ),
  op(API_PATHS.changePassword, 'Change the own password', ChangePasswordRequestSchema, StatusResponseSchema),
  op(API_PATHS.vehiclePackageGet, 'Current packages of vehicles', VidsRequestSchema, VehiclePackagesResponseSchema),
  op(API_PATHS.vehiclePackageAdd, 'Add a package', AddPackageRequestSchema, VehiclePackageResponseSchema),
  op(API_PATHS.vehiclePackageUpdate, 'Edit a package', UpdatePackageRequestSchema, VehiclePackageResponseSchema),
  op(API_PATHS.vehiclePackageRenew, 'Renew a package', RenewPackageRequestSchema, VehiclePackageResponseSchema),
  op(API_PATHS.vehiclePackageSuspend, 'Suspend a package', VidRequestSchema, VehiclePackageResponseSchema),
  op(API_PATHS.vehiclePackageUnsuspend, 'Unsuspend a package', VidRequestSchema, VehiclePackageResponseSchema),
  op(API_PATHS.vehiclePackageTerminate, 'Terminate a package', VidRequestSchema, VehiclePackageResponseSchema),
  op(
    API_PATHS.vehiclePackageLogGet,
    'Package history of vehicles',
    VidsRequestSchema,
    VehiclePackageLogsResponseSchema,
  ),
  op(API_PATHS.auditGet, 'Audit log (super)', AuditRequestSchema, AuditResponseSchema),
];
