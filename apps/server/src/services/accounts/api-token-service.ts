import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_TEXTS,
  API_TOKEN_VISIBLE_CHARS,
  API_TOKENS_PER_USER,
  ERROR_TYPES,
  type AddApiTokenRequest,
  type AddApiTokenResponse,
  type ApiToken,
} from '@jejak/contract';
import { AppError } from '../../errors.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, type Actor } from '../access.ts';
import { hashToken } from './auth-service.ts';

const DAY_MS = 86_400_000;

/**
 * A user's own API tokens (issue 28 item 1, ADR 0087): created, listed and revoked only by that
 * user, signed in with the password (the route table refuses these calls to a token). The
 * secret is 256 random bits, answered once and stored only as its SHA-256.
 */
export function createApiTokenService(data: UnitOfWork<'apiTokens' | 'audit'>, now: () => number) {
  const { repos, transaction } = data;
  return {
    list(actor: Actor): Promise<ApiToken[]> {
      return repos.apiTokens.listFor(actor.user.uid);
    },

    async create(actor: Actor, req: AddApiTokenRequest): Promise<Omit<AddApiTokenResponse, 'status'>> {
      const uid = actor.user.uid;
      const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const at = now();
      const apiToken: ApiToken = {
        tokenId: randomUUID(),
        name: req.name,
        prefix: token.slice(0, API_TOKEN_VISIBLE_CHARS),
        scope: req.scope,
        createdAt: at,
        expiresAt: at + req.expiresInDays * DAY_MS,
        lastUsedAt: null,
      };
      await transaction(async (tx) => {
        if ((await tx.apiTokens.countFor(uid)) >= API_TOKENS_PER_USER)
          throw new AppError(409, ERROR_TYPES.invalidState, API_TOKEN_TEXTS.tooMany);
        await tx.apiTokens.create({ ...apiToken, uid, tokenHash: hashToken(token) });
        await tx.audit(
          auditActor(actor),
          {
            action: 'apiToken.create',
            targetType: 'apitoken',
            targetId: apiToken.tokenId,
            details: {
              name: apiToken.name,
              prefix: apiToken.prefix,
              scope: apiToken.scope,
              expiresAt: apiToken.expiresAt,
            },
          },
          at,
        );
      });
      return { token, apiToken };
    },

    /** Deletes one of the caller's tokens; another user's answers like a missing one. */
    async revoke(actor: Actor, tokenId: string): Promise<void> {
      const at = now();
      await transaction(async (tx) => {
        const gone = await tx.apiTokens.revoke(actor.user.uid, tokenId);
        if (!gone) throw AppError.notFound(API_TOKEN_TEXTS.notFound);
        await tx.audit(
          auditActor(actor),
          { action: 'apiToken.revoke', targetType: 'apitoken', targetId: tokenId, details: gone },
          at,
        );
      });
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
