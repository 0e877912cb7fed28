import { z } from 'zod';
import { ROLE_VALUES } from '@jejak/domain';
import { UserPreferenceSchema } from './auth.ts';
import {
  HierarchyField,
  ID,
  PasswordField,
  RequiredId,
  text,
  UserAddressField,
  UserContactField,
  UserEmailField,
  UserNameField,
  UserRoleField,
} from '../core/fields.ts';
import { ACCOUNT_TEXTS } from '../core/texts.ts';

export const UidRequestSchema = z.object({ uid: ID });
export type UidRequest = z.infer<typeof UidRequestSchema>;

export const StageRecordSchema = z.object({
  stage: z.enum(['V1', 'V2']),
  createdAt: z.number(),
});

/** POST /api/user/getInfo: `user` is the list of stage records (spec 1 §7). */
export const GetInfoResponseSchema = z.object({
  status: z.literal(200),
  user: z.array(StageRecordSchema),
});
export type GetInfoResponse = z.infer<typeof GetInfoResponseSchema>;

/** One user in the hierarchy tree; `childCount` lets the tree load children lazily. */
export const HierarchyNodeSchema = z.object({
  uid: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userRole: z.enum(ROLE_VALUES),
  userHierarchy: z.string(),
  parentId: z.string().nullable(),
  childCount: z.number().int(),
});
export type HierarchyNode = z.infer<typeof HierarchyNodeSchema>;

/**
 * A user as User Management shows it (spec 1 §3): profile fields, preference, and the ids of
 * the vehicle groups, geofence templates and rule templates it owns or was given. `parent`
 * (e-mail and role, for Configure User) is null when the parent is outside the caller's reach.
 */
export const UserDetailSchema = z.object({
  uid: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userRole: z.enum(ROLE_VALUES),
  userContact: z.string(),
  userAddress: z.string(),
  userHierarchy: z.string(),
  parentId: z.string().nullable(),
  parent: z.object({ uid: z.string(), userEmail: z.string(), userRole: z.enum(ROLE_VALUES) }).nullable(),
  preference: UserPreferenceSchema,
  vehicleGroups: z.array(z.string()),
  geofenceTemplates: z.array(z.string()),
  ruleTemplates: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** POST /api/user/getchildren {uid}: the direct children of a user, by name. */
export const UsersResponseSchema = z.object({ status: z.literal(200), users: z.array(HierarchyNodeSchema) });
export type UsersResponse = z.infer<typeof UsersResponseSchema>;

/** POST /api/user/search {query}: users of the caller's subtree whose name or e-mail contains it. */
export const UserSearchRequestSchema = z.object({ query: text().trim().min(1).max(100) });
export type UserSearchRequest = z.infer<typeof UserSearchRequestSchema>;
export const USER_SEARCH_LIMIT = 50;

/** POST /api/user/add (spec 1 §7): the parent (Assigned User, or the creator) and the new user. */
export const AddUserRequestSchema = z.object({
  currentUser: z.object({ uid: RequiredId, userHierarchy: HierarchyField }, { error: ACCOUNT_TEXTS.fieldsEmpty }),
  newUser: z.object(
    {
      userName: UserNameField,
      userRole: UserRoleField,
      userEmail: UserEmailField,
      userAddress: UserAddressField,
      userPassword: PasswordField,
      userContact: UserContactField,
    },
    { error: ACCOUNT_TEXTS.fieldsEmpty },
  ),
});
export type AddUserRequest = z.infer<typeof AddUserRequestSchema>;
export const AddUserResponseSchema = z.object({ status: z.literal(200), uid: z.string() });
export type AddUserResponse = z.infer<typeof AddUserResponseSchema>;

const EditableUserFields = {
  uid: RequiredId,
  userName: UserNameField,
  userEmail: UserEmailField,
  userRole: UserRoleField,
  userContact: UserContactField,
  userAddress: UserAddressField,
};

/** POST /api/user/update {user}; `userHierarchy` must still be the user's place in the tree. */
export const UpdateUserRequestSchema = z.object({
  user: z.object({ ...EditableUserFields, userHierarchy: HierarchyField }, { error: ACCOUNT_TEXTS.fieldsEmpty }),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** POST /api/user/profile/update {user} with uid and preference (spec 1 §7): only the switches sent change. */
export const ProfileUpdateRequestSchema = z.object({
  user: z.object({
    uid: ID,
    preference: UserPreferenceSchema.partial().refine((p) => Object.keys(p).length > 0, 'no switch given'),
  }),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

/**
 * POST /api/user/configure {user, vgid}: a fleet operator's details, and the one vehicle group
 * of its parent it gets (replacing the groups it had from its parent; null leaves them). The
 * role is read-only and stays fleetOperator.
 */
export const ConfigureUserRequestSchema = z.object({
  user: z.object(EditableUserFields, { error: ACCOUNT_TEXTS.fieldsEmpty }),
  vgid: ID.nullable(),
});
export type ConfigureUserRequest = z.infer<typeof ConfigureUserRequestSchema>;

/** Answer of the account calls that change something. */
export const StatusResponseSchema = z.object({ status: z.literal(200), message: z.string().optional() });
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

const UserRefSchema = z.object({ uid: ID, userRole: z.enum(ROLE_VALUES) });

/**
 * POST /api/userrelation/add and /update {srcUser, destUser, ids}: vehicle groups, geofence
 * templates and rule templates of srcUser handed to destUser, a user below it. add links them;
 * update makes destUser's links from srcUser exactly these. Each list is required and no other
 * key is accepted: a misspelt or missing list must not read as empty, which update would take
 * as "unlink all".
 */
export const UserRelationRequestSchema = z.object({
  srcUser: UserRefSchema,
  destUser: UserRefSchema,
  ids: z.strictObject({
    vgids: z.array(ID).max(1000),
    gtids: z.array(ID).max(1000),
    rtids: z.array(ID).max(1000),
  }),
});
export type UserRelationRequest = z.infer<typeof UserRelationRequestSchema>;

export const VehicleGroupSummarySchema = z.object({
  vgid: z.string(),
  groupName: z.string(),
  colorHexCode: z.string(),
  vehicles: z.array(z.object({ vid: z.string(), vehiclePlate: z.string(), vehicleDisplayName: z.string() })),
});
export const TemplateSummarySchema = z.object({ id: z.string(), templateName: z.string() });

/**
 * POST /api/userrelation/get {uid}: what the user owns and may pass on (the Add User
 * multi-selects, the Configure User group picker), and the ids it has been given.
 */
export const UserRelationsResponseSchema = z.object({
  status: z.literal(200),
  vehicleGroups: z.array(VehicleGroupSummarySchema),
  geofenceTemplates: z.array(TemplateSummarySchema),
  ruleTemplates: z.array(TemplateSummarySchema),
  linked: z.object({ vgids: z.array(z.string()), gtids: z.array(z.string()), rtids: z.array(z.string()) }),
});
export type UserRelationsResponse = z.infer<typeof UserRelationsResponseSchema>;

/** POST /api/user/resetpassword {uid}: e-mails the user a single-use reset link. */
export const RequestPasswordResetSchema = UidRequestSchema;

/** POST /api/auth/resetpassword {token, newPassword}: sets the password from the e-mailed link. */
export const ResetPasswordRequestSchema = z.object({
  token: text().min(16).max(200),
  newPassword: PasswordField,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** POST /api/auth/changepassword {email, currentPassword, newPassword} (spec 1 §7's reset payload). */
export const ChangePasswordRequestSchema = z.object({
  email: text().max(320),
  currentPassword: text().min(1).max(200),
  newPassword: PasswordField,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The console page the e-mailed link opens, with `?token=…`. It must be reachable signed out. */
export const RESET_PASSWORD_ROUTE = '/ResetPassword';

/** The console's Reset password screen for the signed-in user (spec 1 §7: e-mail, current and new password). */
export const CHANGE_PASSWORD_ROUTE = '/Profile/ResetPassword';
