import {
  AddApiTokenResponseSchema,
  API_PATHS,
  ApiTokensResponseSchema,
  StatusResponseSchema,
  type AddApiTokenRequest,
  type AddApiTokenResponse,
  type ApiToken,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

/** The signed-in user's API tokens (ADR 0087). */
export const apiTokenKeys = { all: ['apiTokens'] as const };

export async function fetchApiTokens(): Promise<ApiToken[]> {
  return (await apiPost(API_PATHS.apiTokenGet, {}, ApiTokensResponseSchema)).apiTokens;
}

/** A new token: its secret is in this answer only. */
export function addApiToken(req: AddApiTokenRequest): Promise<AddApiTokenResponse> {
  return apiPost(API_PATHS.apiTokenAdd, req, AddApiTokenResponseSchema);
}

export async function revokeApiToken(tokenId: string): Promise<void> {
  await apiPost(API_PATHS.apiTokenRevoke, { tokenId }, StatusResponseSchema);
}
