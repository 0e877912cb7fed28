import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, ERROR_TYPES, MESSAGES, type ApiTokenScope, type LoginRequest } from '@jejak/contract';
import { currentStage, isValidEmail, type StageName, type User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { createLoginBackoff, type LoginBackoff } from './login-backoff.ts';
import { scryptHasher, type PasswordHasher } from './passwords.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The API token a call came with (ADR 0087): which one, and what it may do. */
export interface TokenGrant {
  tokenId: string;
  name: string;
  scope: ApiTokenScope;
  lastUsedAtMs: number | null;
}

/**
 * A signed-in session: its user, when it ends, and the stage the console's gate acts on. A call
 * with an API token is a session of the token's user that ends when the token does, with
 * `apiToken` set; the same checks of role and hierarchy apply to it.
 */
export interface LiveSession {
  user: User;
  expiresAtMs: number;
  stage: StageName | null;
  apiToken?: TokenGrant;
}

/** A token's last use is written at most this often: the list shows it to the minute. */
export const TOKEN_LAST_USE_EVERY_MS = 60_000;

export interface AuthServiceOptions {
  repos: Pick<Repos, 'users' | 'sessions' | 'apiTokens' | 'audit'>;
  sessionTtlMs: number;
  /** Sign-out announces the ended session: its live sockets close (ADR 0032). */
  bus: Pick<Bus, 'publish'>;
  /** Per-e-mail backoff (ADR 0033); the per-address limits sit at the HTTP edge. */
  backoff: { after: number; maxDelayMs: number };
  /** Where the backoff's counts live; in this process when absent (services/accounts/shared-limits.ts shares them). */
  loginBackoff?: LoginBackoff;
  now: () => number;
  hasher?: PasswordHasher;
}

export function createAuthService(opts: AuthServiceOptions) {
  const hasher = opts.hasher ?? scryptHasher;
  const backoff =
    opts.loginBackoff ??
    createLoginBackoff({ backoffAfter: opts.backoff.after, maxDelayMs: opts.backoff.maxDelayMs, now: opts.now });

  /** The user of a session or token, its end and stage; null when the user is gone or disabled. */
  async function userSession(uid: string, expiresAtMs: number): Promise<LiveSession | null> {
    const user = await opts.repos.users.findWithStages(uid);
    if (!user || user.disabled) return null;
    return { user: user.user, expiresAtMs, stage: currentStage(user.stages) };
  }

  /** The session's user, end and stage, whatever the stage; null when ended or the user is disabled. */
  async function signedIn(tokenHash: string): Promise<LiveSession | null> {
    const found = await opts.repos.sessions.find(tokenHash, opts.now());
    return found ? userSession(found.uid, found.expiresAtMs) : null;
  }

  /** A live session: as signedIn, and V2 only (the live channel is V2 API, like the console's gate). */
  async function session(tokenHash: string): Promise<LiveSession | null> {
    const found = await signedIn(tokenHash);
    return found?.stage === 'V2' ? found : null;
  }

  return {
    /** Returns the signed-in user and a new session token (the cookie value). */
    async login(req: LoginRequest, ip: string): Promise<{ user: User; token: string }> {
      const email = req.email.trim();
      const key = email.toLowerCase();
      const waitMs = await backoff.waitMs(key, ip);
      if (waitMs > 0) {
        throw new AppError(429, ERROR_TYPES.tooManyAttempts, MESSAGES.tooManyAttempts, {
          retryAfterS: Math.ceil(waitMs / 1000),
        });
      }
      if (!isValidEmail(email)) throw new AppError(400, ERROR_TYPES.invalidEmail, MESSAGES.invalidEmail);
      const found = await opts.repos.users.findByEmail(email);
      if (!found) throw new AppError(404, ERROR_TYPES.userNotFound, MESSAGES.userNotFound);
      if (!(await hasher.verify(req.password, found.passwordHash))) {
        await backoff.failed(key, ip);
        throw new AppError(401, ERROR_TYPES.wrongPassword, MESSAGES.wrongPassword);
      }
      await backoff.succeeded(key, ip);
      if (found.disabled) throw new AppError(403, ERROR_TYPES.userDisabled, MESSAGES.userDisabled);
      const token = randomBytes(32).toString('base64url');
      await opts.repos.sessions.create(hashToken(token), found.user.uid, opts.now(), opts.sessionTtlMs, ip);
      return { user: found.user, token };
    },

    /** The session behind a cookie token, whatever its stage (the V2 gate is the caller's). */
    async resolve(token: string | undefined): Promise<LiveSession | null> {
      if (!token || token.length > 200) return null;
      return signedIn(hashToken(token));
    },

    /**
     * The session of an API token (the Bearer value): its user as a cookie's would be, with the
     * token's grant; null when unknown, revoked, expired, or its user is disabled or gone. Read
     * from the database on every call, so a revocation holds at once on every node.
     */
    async resolveApiToken(token: string): Promise<LiveSession | null> {
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
      const found = await opts.repos.apiTokens.find(hashToken(token), opts.now());
      if (!found) return null;
      const session = await userSession(found.uid, found.expiresAtMs);
      if (!session) return null;
      const { tokenId, name, scope, lastUsedAtMs } = found;
      return { ...session, apiToken: { tokenId, name, scope, lastUsedAtMs } };
    },

    /**
     * Records one call made with a token: a row in the audit log (refused ones too), and its
     * last use, written only when the one read with the token is over a minute old.
     */
    async apiTokenUsed(
      user: User,
      grant: TokenGrant,
      call: { method: string; path: string; ip: string; refused: boolean },
    ): Promise<void> {
      const at = opts.now();
      await opts.repos.audit(
        { uid: user.uid, email: user.userEmail, ip: call.ip },
        {
          action: 'apiToken.use',
          targetType: 'apitoken',
          targetId: grant.tokenId,
          details: { name: grant.name, method: call.method, path: call.path, refused: call.refused },
        },
        at,
      );
      if (grant.lastUsedAtMs === null || at - grant.lastUsedAtMs >= TOKEN_LAST_USE_EVERY_MS)
        await opts.repos.apiTokens.touch(grant.tokenId, at, TOKEN_LAST_USE_EVERY_MS);
    },

    /** A live session by its token hash: its V2 user and when it ends; null once it may no longer stream. */
    session,

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const tokenHash = hashToken(token);
      await opts.repos.sessions.delete(tokenHash);
      opts.bus.publish('sessions.ended', { tokenHashes: [tokenHash] });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
