import { limitRowKey, type LimitCounters } from '../../storage/repos/accounts/limit-counters.ts';
import type { LoginBackoffRepo } from '../../storage/repos/accounts/login-backoff-repo.ts';
import { holdUntilAfter, type LoginBackoff, type LoginBackoffOptions } from './login-backoff.ts';
import type { ScheduledJob } from '../scheduler.ts';

/** A fixed-window allowance of guesses per key (a user's current password on Change password). */
export interface GuessLimit {
  /** Counts one guess before it is checked; false when the key is past its allowance (refuse it). */
  attempt(key: string): Promise<boolean>;
  /** The right answer came: the key's count starts again. */
  forget(key: string): Promise<void>;
}

/**
 * A guess limit counted in the database's shared counters (rate_limit_hits, ADR 0057; ADR 0082),
 * so every API node counts against one allowance. A guess is counted in one statement before the
 * password is checked, so guesses sent to several nodes at once are all counted: none slips in
 * between a read and a count. Keys are named (`scope`) and hashed as the sign-in limits' are.
 */
export function createSharedGuessLimit(
  counters: Pick<LimitCounters, 'hit' | 'clear'>,
  opts: { scope: string; maxPerWindow: number; windowMs: number; now: () => number },
): GuessLimit {
  const rowKey = (key: string) => limitRowKey(`${opts.scope}:${key}`);
  return {
    async attempt(key) {
      const { hits } = await counters.hit(rowKey(key), opts.windowMs, opts.now());
      return hits <= opts.maxPerWindow;
    },
    forget: (key) => counters.clear(rowKey(key)),
  };
}

/**
 * The per-e-mail sign-in backoff (ADR 0033) with its counts in the database, so that every API
 * node holds an e-mail off alike (ADR 0057). Same rules as the in-memory one; the repo is made
 * with login-backoff.ts's bounds (see `LOGIN_BACKOFF_BOUNDS`).
 */
export function createSharedLoginBackoff(repo: LoginBackoffRepo, opts: LoginBackoffOptions): LoginBackoff {
  return {
    async waitMs(email, ip) {
      const t = opts.now();
      return Math.max(0, (await repo.holdUntil(email, ip, t)) - t);
    },
    failed(email, ip) {
      const t = opts.now();
      return repo.failed(email, ip, t, (counted) => holdUntilAfter(counted, t, opts));
    },
    succeeded(email, ip) {
      return repo.succeeded(email, ip, opts.now());
    },
  };
}

/**
 * The scheduler's job that drops ended rate-limit windows and forgotten backoff rows, so the
 * shared tables hold only live counts (one elected scheduler runs it for every node).
 */
export function sharedLimitsCleanupJob(
  stores: { counters: Pick<LimitCounters, 'deleteExpired'>; backoff: Pick<LoginBackoffRepo, 'deleteExpired'> },
  now: () => number,
  everyMs = 60_000,
): ScheduledJob {
  return {
    name: 'sign-in limits cleanup',
    everyMs,
    run: async () => {
      const t = now();
      return (await stores.counters.deleteExpired(t)) + (await stores.backoff.deleteExpired(t));
    },
  };
}
