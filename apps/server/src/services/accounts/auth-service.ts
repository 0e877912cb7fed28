import { createHash, randomBytes } from 'node:crypto';
import { ERROR_TYPES, MESSAGES, type LoginRequest } from '@jejak/contract';
import { currentStage, isValidEmail, type StageName, type User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { createLoginBackoff, type LoginBackoff } from './login-backoff.ts';
import { scryptHasher, type PasswordHasher } from './passwords.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A signed-in session: its user, when it ends, and the stage the console's gate acts on. */
export interface LiveSession {
  user: User;
  expiresAtMs: number;
  stage: StageName | null;
}

export interface AuthServiceOptions {
  repos: Pick<Repos, 'users' | 'sessions'>;
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

  /** The session's user, end and stage, whatever the stage; null when ended or the user is disabled. */
  async function signedIn(tokenHash: string): Promise<LiveSession | null> {
    const found = await opts.repos.sessions.find(tokenHash, opts.now());
    if (!found) return null;
    const user = await opts.repos.users.findWithStages(found.uid);
    if (!user || user.disabled) return null;
    return { user: user.user, expiresAtMs: found.expiresAtMs, stage: currentStage(user.stages) };
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

    /** The user behind a session token, or null (unknown, expired or disabled). */
    /** The session behind a cookie token, whatever its stage (the V2 gate is the caller's). */
    async resolve(token: string | undefined): Promise<LiveSession | null> {
      if (!token || token.length > 200) return null;
      return signedIn(hashToken(token));
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
