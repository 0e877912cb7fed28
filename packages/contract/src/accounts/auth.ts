import { z } from 'zod';
import { ROLE_VALUES } from '@jejak/domain';
import { text } from '../core/fields.ts';

export const UserPreferenceSchema = z.object({
  in_app_notification: z.boolean(),
  in_app_notification_info: z.boolean(),
  in_app_notification_warning: z.boolean(),
  in_app_notification_critical: z.boolean(),
});

export const SessionUserSchema = z.object({
  uid: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userRole: z.enum(ROLE_VALUES),
  userContact: z.string(),
  userAddress: z.string(),
  userHierarchy: z.string(),
  parentId: z.string().nullable(),
  preference: UserPreferenceSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** POST /api/auth/login. The e-mail format is checked by the server (spec 1 §5: no client checks). */
export const LoginRequestSchema = z.object({
  email: text().max(320),
  password: text().min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** POST /api/auth/login and POST /api/auth/session. */
export const SessionResponseSchema = z.object({
  status: z.literal(200),
  user: SessionUserSchema,
  /** The server's zone (JEJAK_TIME_ZONE): the console shows times and local days in it. */
  timeZone: z.string(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
