import { createHash, randomBytes } from 'node:crypto';
import { ERROR_TYPES, MESSAGES, type LoginRequest } from '@jejak/contract';
import { currentStage, isValidEmail, type StageName, type User } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { SessionsRepo } from '../storage/sessions-repo.ts';
import type { UsersRepo } from '../storage/users-repo.ts';
import { verifyPassword } from './passwords.ts';
import { createRateLimiter } from './rate-limiter.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface AuthServiceOptions {
  users: UsersRepo;
  sessions: SessionsRepo;
  sessionTtlMs: number;
  loginMaxPerMinute: number;
  now: () => number;
}

export function createAuthService(opts: AuthServiceOptions) {
  // One address may serve a whole office (NAT), so it gets ten times an account's allowance.
  const byIp = createRateLimiter(opts.loginMaxPerMinute * 10, 60_000, opts.now);
  const byEmail = createRateLimiter(opts.loginMaxPerMinute, 60_000, opts.now);

  return {
    /** Returns the signed-in user and a new session token (the cookie value). */
    async login(req: LoginRequest, ip: string): Promise<{ user: User; token: string }> {
      const email = req.email.trim();
      if (!byIp.hit(ip) || !byEmail.hit(email.toLowerCase())) {
        throw new AppError(429, ERROR_TYPES.tooManyAttempts, MESSAGES.tooManyAttempts);
      }
      if (!isValidEmail(email)) throw new AppError(400, ERROR_TYPES.invalidEmail, MESSAGES.invalidEmail);
      const found = await opts.users.findByEmail(email);
      if (!found) throw new AppError(404, ERROR_TYPES.userNotFound, MESSAGES.userNotFound);
      if (!(await verifyPassword(req.password, found.passwordHash))) {
        throw new AppError(401, ERROR_TYPES.wrongPassword, MESSAGES.wrongPassword);
      }
      if (found.disabled) throw new AppError(403, ERROR_TYPES.userDisabled, MESSAGES.userDisabled);
      const token = randomBytes(32).toString('base64url');
      await opts.sessions.create(hashToken(token), found.user.uid, opts.now(), opts.sessionTtlMs, ip);
      return { user: found.user, token };
    },

    /** The user behind a session token, or null (unknown, expired or disabled). */
    async resolve(token: string | undefined): Promise<User | null> {
      if (!token || token.length > 200) return null;
      const uid = await opts.sessions.findUid(hashToken(token), opts.now());
      if (!uid) return null;
      const found = await opts.users.findByUid(uid);
      return found && !found.disabled ? found.user : null;
    },

    /** The stage the console gate acts on (V2, V1 or none); the V2 API serves V2 only. */
    async stageOf(uid: string): Promise<StageName | null> {
      return currentStage(await opts.users.stages(uid));
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await opts.sessions.delete(hashToken(token));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
