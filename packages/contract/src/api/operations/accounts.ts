import { z } from 'zod';
import { LoginRequestSchema, SessionResponseSchema } from '../../accounts/auth.ts';
import { UserDevicesResponseSchema, UserVehiclesResponseSchema } from '../../accounts/user-fleet.ts';
import {
  AddUserRequestSchema,
  AddUserResponseSchema,
  ChangePasswordRequestSchema,
  ConfigureUserRequestSchema,
  GetInfoResponseSchema,
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
} from '../../accounts/user.ts';
import { HierarchyResponseSchema } from '../../fleet/fleet.ts';
import { grant, post } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const manageUsers = grant('manageUsers');

/** Sign-in, users and passwords (spec 1 §7, issue 4); the services check the hierarchy. */
export const ACCOUNT_OPERATIONS = {
  login: post(API_PATHS.login, 'public', 'Sign in; sets the session cookie', LoginRequestSchema, SessionResponseSchema),
  // Open to a V1-only user: the console's stage gate needs to know who is signed in (ADR 0035).
  session: post(API_PATHS.session, 'signedIn', 'The signed-in user', null, SessionResponseSchema),
  logout: post(
    API_PATHS.logout,
    'public',
    'Sign out; ends live sockets with 1000',
    null,
    z.object({ status: z.literal(200) }),
  ),
  // A V1-only user may read its own stage records (the handler gates any other uid).
  userGetInfo: post(
    API_PATHS.userGetInfo,
    'signedIn',
    'Stage records (V1/V2) of a user',
    UidRequestSchema,
    GetInfoResponseSchema,
  ),
  userGetHierarchy: post(
    API_PATHS.userGetHierarchy,
    'session',
    "Vehicles and devices of a user's subtree",
    UidRequestSchema,
    HierarchyResponseSchema,
  ),
  userGetChildren: post(
    API_PATHS.userGetChildren,
    'session',
    'Direct children of a user (lazy tree)',
    UidRequestSchema,
    UsersResponseSchema,
  ),
  userSearch: post(
    API_PATHS.userSearch,
    'session',
    "Users of the caller's subtree by name or e-mail",
    UserSearchRequestSchema,
    UsersResponseSchema,
  ),
  userGetVehicles: post(
    API_PATHS.userGetVehicles,
    'session',
    "User Management's vehicle table",
    UidRequestSchema,
    UserVehiclesResponseSchema,
  ),
  userGetDevices: post(
    API_PATHS.userGetDevices,
    grant('readDevices'),
    "User Management's device table",
    UidRequestSchema,
    UserDevicesResponseSchema,
  ),
  userAdd: post(
    API_PATHS.userAdd,
    manageUsers,
    'Add a user under a parent',
    AddUserRequestSchema,
    AddUserResponseSchema,
  ),
  userUpdate: post(API_PATHS.userUpdate, manageUsers, 'Edit a user', UpdateUserRequestSchema, StatusResponseSchema),
  // Every signed-in user saves its own switches (ADR 0024).
  userProfileUpdate: post(
    API_PATHS.userProfileUpdate,
    'session',
    'Save notification switches',
    ProfileUpdateRequestSchema,
    StatusResponseSchema,
  ),
  userConfigure: post(
    API_PATHS.userConfigure,
    manageUsers,
    'Configure a fleet operator',
    ConfigureUserRequestSchema,
    StatusResponseSchema,
  ),
  // Its own link needs no grant; another user's needs manageUsers (the service decides).
  userResetPassword: post(
    API_PATHS.userResetPassword,
    'session',
    'E-mail a reset password link',
    RequestPasswordResetSchema,
    StatusResponseSchema,
  ),
  userRelationGet: post(
    API_PATHS.userRelationGet,
    manageUsers,
    'Groups and templates a user owns and has',
    UidRequestSchema,
    UserRelationsResponseSchema,
  ),
  userRelationAdd: post(
    API_PATHS.userRelationAdd,
    manageUsers,
    'Give a user groups and templates',
    UserRelationRequestSchema,
    StatusResponseSchema,
  ),
  userRelationUpdate: post(
    API_PATHS.userRelationUpdate,
    manageUsers,
    "Replace a user's groups and templates",
    UserRelationRequestSchema,
    StatusResponseSchema,
  ),
  // Signed out: the e-mailed token is the credential.
  resetPassword: post(
    API_PATHS.resetPassword,
    'public',
    'Set a password from a reset link',
    ResetPasswordRequestSchema,
    StatusResponseSchema,
  ),
  changePassword: post(
    API_PATHS.changePassword,
    'session',
    'Change the own password',
    ChangePasswordRequestSchema,
    StatusResponseSchema,
  ),
};
