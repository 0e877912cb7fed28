import {
  AddApiTokenRequestSchema,
  AddApiTokenResponseSchema,
  ApiTokensResponseSchema,
  RevokeApiTokenRequestSchema,
} from '../../accounts/api-tokens.ts';
import { StatusResponseSchema } from '../../accounts/user.ts';
import { post } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

/** A user's own API tokens (issue 28, ADR 0087): managed signed in with the password, never with a token. */
export const API_TOKEN_OPERATIONS = {
  apiTokenGet: post(
    API_PATHS.apiTokenGet,
    'session',
    "The caller's API tokens: name, access, created, expiry and last use (never the secret)",
    null,
    ApiTokensResponseSchema,
  ),
  apiTokenAdd: post(
    API_PATHS.apiTokenAdd,
    'session',
    'Create an API token (read-only or full access, expiring within 365 days); its secret is answered once',
    AddApiTokenRequestSchema,
    AddApiTokenResponseSchema,
  ),
  apiTokenRevoke: post(
    API_PATHS.apiTokenRevoke,
    'session',
    "Revoke one of the caller's API tokens: it stops working at once on every node",
    RevokeApiTokenRequestSchema,
    StatusResponseSchema,
  ),
};
