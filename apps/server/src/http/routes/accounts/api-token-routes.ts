import { API_TOKEN_TEXTS, OPERATIONS } from '@jejak/contract';
import type { ApiTokenService } from '../../../services/accounts/api-token-service.ts';
import type { Route } from '../../route-table.ts';

/** The caller's own API tokens (ADR 0087); the route table refuses these calls to a token. */
export function registerApiTokenRoutes(route: Route, tokens: ApiTokenService): void {
  route(OPERATIONS.apiTokenGet, async ({ actor }) => ({ status: 200, apiTokens: await tokens.list(actor) }));

  route(OPERATIONS.apiTokenAdd, async ({ actor, body }) => ({ status: 200, ...(await tokens.create(actor, body)) }));

  route(OPERATIONS.apiTokenRevoke, async ({ actor, body }) => {
    await tokens.revoke(actor, body.tokenId);
    return { status: 200, message: API_TOKEN_TEXTS.revoked };
  });
}
