import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { ACCOUNT_TEXTS, API_TOKEN_TEXTS, ERROR_TYPES, MESSAGES } from '@jejak/contract';

/** Reads of share links (ADR 0093) one address may make a minute: a page refreshing every 10 s is 6. */
export const SHARE_VIEWS_PER_MINUTE = 120;
import { AppError } from '../errors.ts';

/** Settings of the request limits at the HTTP edge (ADR 0033). */
export interface LimitSettings {
  /** Sign-in attempts per (e-mail, address) a minute; an address gets ten times this. */
  loginMaxPerMinute: number;
  /** Calls one API token may make a minute (ADR 0087), on every node together with the shared store. */
  apiTokenMaxPerMinute: number;
  /**
   * Where the counts live: in this process by default; shared by every API node when given
   * (http/shared-rate-limit-store.ts over PostgreSQL, ADR 0057).
   */
  store?: FastifyRateLimitStoreCtor;
}

/** The hooks of the limited calls; they run before the body is validated, so every try counts. */
export interface RouteLimits {
  login: preValidationAsyncHookHandler[];
  resetPassword: preValidationAsyncHookHandler[];
  /** The public read of a share link (ADR 0093), per address: tokens cannot be guessed at speed. */
  shareView: preValidationAsyncHookHandler[];
  /** Counts one call of an API token, once the route table has found the token. */
  apiToken: (request: FastifyRequest, tokenId: string) => Promise<void>;
}

const MINUTE_MS = 60_000;

/** One host of an IPv6 network holds a /64, so that is "one address" here. */
const addressOf = (request: FastifyRequest) => normalizeIP(request.ip, 64);

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | null | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : '';
}

/**
 * Registers @fastify/rate-limit (no global limit) and returns the hooks of the calls it guards.
 * These limits count every request; the per-e-mail backoff, which counts failures, lives in
 * the auth service.
 */
export async function registerLimits(app: FastifyInstance, settings: LimitSettings): Promise<RouteLimits> {
  await app.register(fastifyRateLimit, {
    global: false,
    cache: 50_000,
    ...(settings.store ? { store: settings.store } : {}),
  });

  function limit(
    name: string,
    max: number,
    key: (request: FastifyRequest) => string,
    message: string,
  ): (request: FastifyRequest) => Promise<void> {
    const check = app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: (r) => `${name}|${key(r)}` });
    return async (request) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(429, ERROR_TYPES.tooManyAttempts, message, { retryAfterS: result.ttlInSeconds });
      }
    };
  }

  // The token is known only after the gate has looked it up: the gate hands it over here.
  const tokenOf = new WeakMap<FastifyRequest, string>();
  const perToken = limit(
    'api-token',
    settings.apiTokenMaxPerMinute,
    (r) => tokenOf.get(r) ?? '',
    API_TOKEN_TEXTS.tooManyCalls,
  );

  const perEmail = settings.loginMaxPerMinute;
  return {
    apiToken: (request, tokenId) => {
      tokenOf.set(request, tokenId);
      return perToken(request);
    },
    login: [
      // One address may serve a whole office (NAT), so it gets ten times an account's allowance.
      limit('login-address', perEmail * 10, addressOf, MESSAGES.tooManyAttempts),
      // Keyed by e-mail AND address: someone elsewhere cannot use up the user's attempts.
      limit('login', perEmail, (r) => `${emailOf(r)}|${addressOf(r)}`, MESSAGES.tooManyAttempts),
    ],
    resetPassword: [limit('reset-address', perEmail, addressOf, ACCOUNT_TEXTS.tooManyResets)],
    shareView: [limit('share-view', SHARE_VIEWS_PER_MINUTE, addressOf, MESSAGES.tooManyAttempts)],
  };
}
