import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  ERROR_TYPES,
  MESSAGES,
  RESET_PASSWORD_ROUTE,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '@jejak/contract';
import { AppError } from '../../errors.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, type Actor } from '../access.ts';
import { hashToken } from './auth-service.ts';
import type { Mailer } from './mailer.ts';
import { enforcePasswordPolicy } from './password-policy.ts';
import { scryptHasher, type PasswordHasher } from './passwords.ts';
import type { GuessLimit } from './shared-limits.ts';

export interface PasswordServiceOptions {
  data: UnitOfWork<'users' | 'resets' | 'sessions' | 'apiTokens' | 'audit'>;
  mailer: Mailer;
  /** The console's address for the e-mailed link. */
  publicUrl: () => string;
  resetTtlMs: number;
  now: () => number;
  /** Called with the token hashes of sessions ended by a password change (their live sockets close). */
  onSessionsEnded: (tokenHashes: string[]) => void;
  /**
   * Wrong current passwords on Change password, counted per user in the database so that every
   * API node counts them together (ADR 0082): see `passwordGuessLimit`.
   */
  guesses: GuessLimit;
  hasher?: PasswordHasher;
}

/** Wrong current passwords one user may enter on Change password in a quarter of an hour. */
export const PASSWORD_GUESSES_PER_WINDOW = 5;
export const PASSWORD_GUESS_WINDOW_MS = 15 * 60_000;

function resetMail(name: string, link: string, ttlMinutes: number) {
  const text = [
    `Hello ${name},`,
    '',
    'A password reset was requested for your Jejak account. Open this link to choose a new password:',
    link,
    '',
    `The link works once and expires in ${ttlMinutes} minutes. If you did not expect this, ignore this e-mail.`,
  ].join('\n');
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hello ${escape(name)},</p><p>A password reset was requested for your Jejak account.</p><p><a href="${escape(link)}">Choose a new password</a></p><p>The link works once and expires in ${ttlMinutes} minutes. If you did not expect this, ignore this e-mail.</p>`;
  return { subject: 'Reset your Jejak password', text, html };
}

/** Reset links by e-mail, setting a password from a link, and changing one's own password. */
export function createPasswordService(opts: PasswordServiceOptions) {
  const { now } = opts;
  const { repos, transaction } = opts.data;
  const hasher = opts.hasher ?? scryptHasher;
  // Keyed by the user, not the address: a stolen session must not guess the password from many.
  const { guesses } = opts;
  const invalidLink = () => new AppError(400, ERROR_TYPES.invalidResetToken, ACCOUNT_TEXTS.resetLinkInvalid);

  return {
    /** E-mails `uid` a single-use link (Edit User's Reset password button, or the user itself). */
    async requestReset(actor: Actor, uid: string): Promise<void> {
      if (uid !== actor.user.uid) requireCall(actor.user, 'manageUsers');
      const target = await reachableUser(repos.users, actor.user, uid);
      if (!opts.mailer.configured) throw new AppError(503, ERROR_TYPES.mailUnavailable, ACCOUNT_TEXTS.mailUnavailable);
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await transaction(async (tx) => {
        await tx.resets.create(target.user.uid, hashToken(token), at, opts.resetTtlMs);
        await tx.audit(
          auditActor(actor),
          { action: 'password.resetRequested', targetType: 'password', targetId: target.user.uid, details: {} },
          at,
        );
      });
      const link = `${opts.publicUrl().replace(/\/+$/, '')}${RESET_PASSWORD_ROUTE}?token=${token}`;
      const mail = resetMail(target.user.userName, link, Math.round(opts.resetTtlMs / 60_000));
      try {
        await opts.mailer.send({ to: target.user.userEmail, ...mail });
      } catch (err) {
        throw new AppError(502, ERROR_TYPES.mailUnavailable, ACCOUNT_TEXTS.mailFailed, { cause: String(err) });
      }
    },

    /** Sets the password from a link; the link is spent, every session of the user ends and its API tokens are revoked. */
    async reset(req: ResetPasswordRequest, ip: string): Promise<void> {
      // The link is checked before any hashing: a bad token costs a lookup, not a scrypt.
      const tokenHash = hashToken(req.token);
      const linked = await repos.resets.find(tokenHash, now());
      const owner = linked ? await repos.users.findByUid(linked) : null;
      if (!owner) throw invalidLink();
      enforcePasswordPolicy(req.newPassword, { email: owner.user.userEmail, name: owner.user.userName });
      const hash = await hasher.hash(req.newPassword);
      const at = now();
      const ended = await transaction(async (tx) => {
        // Spent in one statement: of two requests racing with the same link only one gets here.
        const uid = await tx.resets.consume(tokenHash, at);
        if (uid !== owner.user.uid) throw invalidLink();
        await tx.users.setPasswordHash(uid, hash, at);
        const hashes = await tx.sessions.deleteForUser(uid, null);
        // A new password revokes every API token too (ADR 0087): whoever had the old one may hold them.
        const apiTokensRevoked = await tx.apiTokens.revokeAllFor(uid);
        await tx.audit(
          { uid, email: owner.user.userEmail, ip },
          {
            action: 'password.reset',
            targetType: 'password',
            targetId: uid,
            details: { sessionsEnded: hashes.length, apiTokensRevoked },
          },
          at,
        );
        return hashes;
      });
      opts.onSessionsEnded(ended);
    },

    /** Changes the caller's own password (spec 1 §7: e-mail, current and new password); its other sessions end, its API tokens are revoked. */
    async change(actor: Actor, currentTokenHash: string, req: ChangePasswordRequest): Promise<void> {
      if (req.email.trim().toLowerCase() !== actor.user.userEmail.toLowerCase())
        throw AppError.notFound(ACCOUNT_TEXTS.userNotFound);
      const uid = actor.user.uid;
      // Counted before the check, in one statement: parallel guesses on several nodes all count.
      if (!(await guesses.attempt(uid)))
        throw new AppError(429, ERROR_TYPES.tooManyAttempts, ACCOUNT_TEXTS.tooManyPasswordGuesses);
      const found = await repos.users.findByUid(uid);
      if (!found || !(await hasher.verify(req.currentPassword, found.passwordHash))) {
        // 400, not 401: a 401 would read as a lost session and send the console to /Login.
        throw new AppError(400, ERROR_TYPES.wrongPassword, MESSAGES.wrongPassword);
      }
      await guesses.forget(uid);
      enforcePasswordPolicy(req.newPassword, { email: found.user.userEmail, name: found.user.userName });
      const hash = await hasher.hash(req.newPassword);
      const at = now();
      const ended = await transaction(async (tx) => {
        await tx.users.setPasswordHash(actor.user.uid, hash, at);
        const hashes = await tx.sessions.deleteForUser(actor.user.uid, currentTokenHash);
        const apiTokensRevoked = await tx.apiTokens.revokeAllFor(actor.user.uid);
        await tx.audit(
          auditActor(actor),
          {
            action: 'password.change',
            targetType: 'password',
            targetId: actor.user.uid,
            details: { sessionsEnded: hashes.length, apiTokensRevoked },
          },
          at,
        );
        return hashes;
      });
      opts.onSessionsEnded(ended);
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
