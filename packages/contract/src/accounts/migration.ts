import { z } from 'zod';
import { ROLE_VALUES, STAGE_NAMES } from '@jejak/domain';
import { text } from '../core/fields.ts';
import { MIGRATION_TEXTS } from '../core/texts.ts';

/** A row of the Migration table (spec 3 §2–3): the current stage and when each stage began. */
export const MigrationUserSchema = z.object({
  uid: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userRole: z.enum(ROLE_VALUES),
  stage: z.enum(STAGE_NAMES).nullable(),
  v1CreatedAt: z.number().nullable(),
  v2CreatedAt: z.number().nullable(),
});
export type MigrationUser = z.infer<typeof MigrationUserSchema>;

/** POST /api/user/getstages {}: every user the caller reaches (super: all). */
export const MigrationUsersResponseSchema = z.object({
  status: z.literal(200),
  users: z.array(MigrationUserSchema),
});
export type MigrationUsersResponse = z.infer<typeof MigrationUsersResponseSchema>;

/** POST /api/user/migrate {uid, sourceStage, targetStage}, with the form's three messages (spec 3 §5). */
export const MigrateRequestSchema = z.object({
  uid: text({ error: MIGRATION_TEXTS.selectedUserNotFound }).min(1, MIGRATION_TEXTS.selectedUserNotFound).max(64),
  sourceStage: z.enum(STAGE_NAMES, { error: MIGRATION_TEXTS.sourceStageNotFound }),
  targetStage: z.enum(STAGE_NAMES, { error: MIGRATION_TEXTS.selectTargetStage }),
});
export type MigrateRequest = z.infer<typeof MigrateRequestSchema>;

/** The stage record the migration created. */
export const MigrateResponseSchema = z.object({
  status: z.literal(200),
  user: z.object({ uid: z.string(), stage: z.enum(STAGE_NAMES), createdAt: z.number() }),
});
export type MigrateResponse = z.infer<typeof MigrateResponseSchema>;
