import { z } from 'zod';
import { ID, requiredName } from '../core/fields.ts';

/**
 * API tokens (issue 28 item 1, ADR 0087): a user's named keys for other systems, sent as
 * `Authorization: Bearer <token>` on any API call, with the user's own rights and reach.
 */
export const API_TOKEN_PATHS = {
  apiTokenGet: '/apitoken/get',
  apiTokenAdd: '/apitoken/add',
  apiTokenRevoke: '/apitoken/revoke',
} as const;

/** Every token begins with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'jjk_';
/** How many characters of a token (its prefix included) are kept in clear to tell it apart. */
export const API_TOKEN_VISIBLE_CHARS = API_TOKEN_PREFIX.length + 8;
/** The console's choices of lifetime, in days; the API takes any whole number up to the last. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const API_TOKEN_MAX_DAYS = 365;
/** Tokens one user may hold at once (expired ones count until revoked). */
export const API_TOKENS_PER_USER = 20;
export const API_TOKEN_NAME_MAX = 60;

/** The access a token carries: `read` calls only the operations that change nothing. */
export const API_TOKEN_SCOPES = ['read', 'full'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Texts of the API tokens, in English here; the console shows them in Malay too. */
export const API_TOKEN_TEXTS = {
  created: 'API token created',
  revoked: 'API token revoked',
  tooMany: `You have ${API_TOKENS_PER_USER} API tokens; revoke one before creating another`,
  notFound: 'API token not found',
  /** The 401 of a Bearer token that is not (or no longer) valid. */
  invalid: 'This API token is unknown, expired or revoked',
  /** The 403 of a read-only token on a call that changes something. */
  readOnly: 'This API token is read-only: it cannot make changes. Use a full-access token',
  /** The 403 of any token on the calls only a password sign-in may make. */
  sessionOnly: 'API tokens cannot manage API tokens or change the password. Sign in to the console instead',
  tooManyCalls: 'Too many calls with this API token, please wait a minute and try again',
} as const;

/** A token as its owner sees it listed: never the secret, only its first characters. */
export const ApiTokenSchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  /** The token's first characters (API_TOKEN_VISIBLE_CHARS), to tell it apart. */
  prefix: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.number(),
  expiresAt: z.number(),
  /** null: never used; otherwise the last use, to the minute. */
  lastUsedAt: z.number().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokensResponseSchema = z.object({ status: z.literal(200), apiTokens: z.array(ApiTokenSchema) });

/** POST /apitoken/add: a name, the access, and the lifetime in whole days. */
export const AddApiTokenRequestSchema = z.object({
  name: requiredName(API_TOKEN_NAME_MAX),
  scope: z.enum(API_TOKEN_SCOPES),
  expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
});
export type AddApiTokenRequest = z.infer<typeof AddApiTokenRequestSchema>;

/** The new token: `token` is the secret, answered this once and never again. */
export const AddApiTokenResponseSchema = z.object({
  status: z.literal(200),
  token: z.string(),
  apiToken: ApiTokenSchema,
});
export type AddApiTokenResponse = z.infer<typeof AddApiTokenResponseSchema>;

export const RevokeApiTokenRequestSchema = z.object({ tokenId: ID });
