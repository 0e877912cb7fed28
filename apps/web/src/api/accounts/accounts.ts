import {
  AddUserResponseSchema,
  API_PATHS,
  HierarchyResponseSchema,
  StatusResponseSchema,
  UserDevicesResponseSchema,
  UserRelationsResponseSchema,
  UsersResponseSchema,
  UserVehiclesResponseSchema,
  type AddUserRequest,
  type ChangePasswordRequest,
  type ConfigureUserRequest,
  type HierarchyNode,
  type ProfileUpdateRequest,
  type ResetPasswordRequest,
  type StatusResponse,
  type UpdateUserRequest,
  type UserDetail,
  type UserDeviceRow,
  type UserRelationRequest,
  type UserRelationsResponse,
  type UserVehicleRow,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

/** Query keys of the account reads; a change to a user invalidates ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  children: (uid: string) => ['account', 'children', uid] as const,
  search: (query: string) => ['account', 'search', query] as const,
  detail: (uid: string) => ['account', 'detail', uid] as const,
  vehicles: (uid: string) => ['account', 'vehicles', uid] as const,
  devices: (uid: string) => ['account', 'devices', uid] as const,
  relations: (uid: string) => ['account', 'relations', uid] as const,
};

export async function fetchChildren(uid: string): Promise<HierarchyNode[]> {
  return (await apiPost(API_PATHS.userGetChildren, { uid }, UsersResponseSchema)).users;
}

export async function searchUsers(query: string): Promise<HierarchyNode[]> {
  return (await apiPost(API_PATHS.userSearch, { query }, UsersResponseSchema)).users;
}

/** A user as User Management shows it (the profile card, the edit forms). */
export async function fetchUserDetail(uid: string): Promise<UserDetail> {
  return (await apiPost(API_PATHS.userGetHierarchy, { uid }, HierarchyResponseSchema)).user;
}

export async function fetchUserVehicles(uid: string): Promise<UserVehicleRow[]> {
  return (await apiPost(API_PATHS.userGetVehicles, { uid }, UserVehiclesResponseSchema)).vehicles;
}

export async function fetchUserDevices(uid: string): Promise<UserDeviceRow[]> {
  return (await apiPost(API_PATHS.userGetDevices, { uid }, UserDevicesResponseSchema)).devices;
}

/** What the user owns and may hand on: vehicle groups, geofence and rule templates. */
export function fetchRelations(uid: string): Promise<UserRelationsResponse> {
  return apiPost(API_PATHS.userRelationGet, { uid }, UserRelationsResponseSchema);
}

export async function addUser(request: AddUserRequest): Promise<string> {
  return (await apiPost(API_PATHS.userAdd, request, AddUserResponseSchema)).uid;
}

export function updateUser(request: UpdateUserRequest): Promise<StatusResponse> {
  return apiPost(API_PATHS.userUpdate, request, StatusResponseSchema);
}

export function configureUser(request: ConfigureUserRequest): Promise<StatusResponse> {
  return apiPost(API_PATHS.userConfigure, request, StatusResponseSchema);
}

export function updateProfile(request: ProfileUpdateRequest): Promise<StatusResponse> {
  return apiPost(API_PATHS.userProfileUpdate, request, StatusResponseSchema);
}

/** /userrelation/add links the ids; /update makes the destination's links from the source exactly them. */
export function relateUser(mode: 'add' | 'update', request: UserRelationRequest): Promise<StatusResponse> {
  const path = mode === 'add' ? API_PATHS.userRelationAdd : API_PATHS.userRelationUpdate;
  return apiPost(path, request, StatusResponseSchema);
}

/** E-mails the user a reset password link (Edit User's Reset password button). */
export function requestPasswordReset(uid: string): Promise<StatusResponse> {
  return apiPost(API_PATHS.userResetPassword, { uid }, StatusResponseSchema);
}

/** Sets a new password from the e-mailed link; needs no session. */
export function resetPassword(request: ResetPasswordRequest): Promise<StatusResponse> {
  return apiPost(API_PATHS.resetPassword, request, StatusResponseSchema);
}

/** Changes the signed-in user's own password (spec 1 §7 Reset password); its other sessions end. */
export function changePassword(request: ChangePasswordRequest): Promise<StatusResponse> {
  return apiPost(API_PATHS.changePassword, request, StatusResponseSchema);
}
