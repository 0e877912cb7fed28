import {
  API_PATHS,
  MigrateResponseSchema,
  MigrationUsersResponseSchema,
  type MigrateRequest,
  type MigrateResponse,
  type MigrationUser,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

export const MIGRATION_USERS_KEY = ['migrationUsers'] as const;

/** Every user the caller reaches, with its current stage and when each stage began. */
export async function fetchMigrationUsers(): Promise<MigrationUser[]> {
  return (await apiPost(API_PATHS.userGetStages, {}, MigrationUsersResponseSchema)).users;
}

export async function migrateUser(request: MigrateRequest): Promise<MigrateResponse['user']> {
  return (await apiPost(API_PATHS.userMigrate, request, MigrateResponseSchema)).user;
}
