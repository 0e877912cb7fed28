import { z } from 'zod';
import { ID } from '../core/fields.ts';

export const AUDIT_TARGET_TYPES = [
  'user',
  'stage',
  'package',
  'userrelation',
  'password',
  'vehicle',
  'vehiclegroup',
  'device',
  'ruletemplate',
  'rule',
  'ticket',
  'sharelink',
  'apitoken',
  'command',
] as const;

/** Who changed what, when and from where. `details` holds the change (never a password). */
export const AuditEntrySchema = z.object({
  auditId: z.string(),
  createdAt: z.number(),
  /** null for the scheduler. */
  actorUid: z.string().nullable(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_LIMIT = 1000;

/** POST /api/audit/get (super only): newest first, optionally one actor's or one object's. */
export const AuditRequestSchema = z.object({
  startTime: z.number().int().nonnegative().optional(),
  endTime: z.number().int().nonnegative().optional(),
  actorUid: ID.optional(),
  targetId: ID.optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_LIMIT).default(200),
});
export type AuditRequest = z.infer<typeof AuditRequestSchema>;

export const AuditResponseSchema = z.object({ status: z.literal(200), auditLogs: z.array(AuditEntrySchema) });
export type AuditResponse = z.infer<typeof AuditResponseSchema>;
