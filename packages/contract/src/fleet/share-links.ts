import { z } from 'zod';
import { TRANSIT_STATUSES } from '@jejak/domain';
import { RequiredId, text } from '../core/fields.ts';

/**
 * Share a live position (issue 28 item 6, ADR 0093): a time-limited, revocable public link to one
 * vehicle's live position, for a customer awaiting a delivery. The token is shown once, at
 * creation; only its SHA-256 is stored.
 */
export const SHARE_PATHS = {
  shareAdd: '/share/add',
  shareGet: '/share/get',
  shareRevoke: '/share/revoke',
  /** The public read, without a session: `{token}` is the link's token (OpenAPI's form of a path parameter). */
  shareView: '/public/share/{token}',
} as const;

/** The console's page of a link: `${publicUrl}${SHARE_PAGE_PREFIX}${token}`. */
export const SHARE_PAGE_PREFIX = '/s/';
export const SHARE_DEFAULT_HOURS = 24;
export const SHARE_MAX_HOURS = 7 * 24;
/** Links one user may have alive (not expired, not revoked) at once. */
export const SHARE_LINKS_PER_USER = 20;
export const SHARE_LABEL_MAX = 80;
/** How long an ended link stays in the creator's list. */
export const SHARE_RECENT_MS = 7 * 24 * 3_600_000;
/** The public page reads the position this often. */
export const SHARE_REFRESH_MS = 10_000;

/** What the server answers (the console's own labels are in its strings). */
export const SHARE_TEXTS = {
  created: 'Link created: copy it now, it is not shown again',
  revoked: 'Link revoked',
  tooMany: `You have ${SHARE_LINKS_PER_USER} active links; revoke one before creating another`,
  notFound: 'Link not found',
  /** The one 404 of the public read: unknown, expired and revoked links look the same. */
  gone: 'This link has expired or was revoked',
  labelRequired: 'Give the link a label (e.g. the customer or the delivery)',
} as const;

export const ShareLinkSchema = z.object({
  slid: z.string(),
  vid: z.string(),
  plate: z.string(),
  displayName: z.string(),
  label: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  revokedAt: z.number().nullable(),
  lastOpenedAt: z.number().nullable(),
  opens: z.number().int(),
  /** Not expired and not revoked. */
  active: z.boolean(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const ShareAddRequestSchema = z
  .object({
    vid: RequiredId,
    label: text({ error: SHARE_TEXTS.labelRequired }).trim().min(1, SHARE_TEXTS.labelRequired).max(SHARE_LABEL_MAX),
    expiresInHours: z.number().int().min(1).max(SHARE_MAX_HOURS).optional(),
  })
  .strict();
export type ShareAddRequest = z.infer<typeof ShareAddRequestSchema>;
export const ShareAddResponseSchema = z.object({
  status: z.literal(200),
  link: ShareLinkSchema,
  /** The public page; shown once, never stored in clear. */
  url: z.string(),
  message: z.string(),
});

/** POST /share/get: the caller's links (active, and ended within a week), of one vehicle if named. */
export const ShareGetRequestSchema = z.object({ vid: RequiredId.optional() }).strict().optional();
export const ShareGetResponseSchema = z.object({ status: z.literal(200), links: z.array(ShareLinkSchema) });

export const ShareRevokeRequestSchema = z.object({ slid: RequiredId }).strict();
export const ShareRevokeResponseSchema = z.object({ status: z.literal(200), message: z.string() });

/** GET /public/share/:token: the vehicle's live position, and nothing else of the fleet. */
export const ShareViewResponseSchema = z.object({
  vehicle: z.object({ plate: z.string(), displayName: z.string() }),
  position: z
    .object({
      lat: z.number(),
      lon: z.number(),
      speedKmh: z.number().nullable(),
      course: z.number().nullable(),
      at: z.number().nullable(),
    })
    .nullable(),
  status: z.enum([...TRANSIT_STATUSES]).nullable(),
  expiresAt: z.number(),
});
export type ShareView = z.infer<typeof ShareViewResponseSchema>;
