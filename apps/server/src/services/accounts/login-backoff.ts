/**
 * Exponential backoff per e-mail for sign-in (ADR 0033), the one limit keyed by the account
 * alone. So that nobody can lock a user out from somewhere else:
 * - one address adds at most PER_ADDRESS_CAP failures to an e-mail's count, so the backoff
 *   starts only after failures from several addresses (one address is held by the per-address
 *   and per-(e-mail, address) limits instead);
 * - the wait doubles with each further failure from 1 s up to `maxDelayMs`, never longer;
 * - an address that signed in to the account before is not held by it at all.
 * In memory, per process, by default; services/accounts/shared-limits.ts keeps the same counts in
 * PostgreSQL for every API node (ADR 0057).
 */
export interface LoginBackoffOptions {
  /** Counted failures of one e-mail before the backoff starts. */
  backoffAfter: number;
  maxDelayMs: number;
  now: () => number;
}

/** The per-e-mail backoff, wherever its counts live. */
export interface LoginBackoff {
  /** How long `ip` must wait before trying `email` again; 0 when it may try now. */
  waitMs(email: string, ip: string): Promise<number>;
  failed(email: string, ip: string): Promise<void>;
  /** Remembers the address as the account's own; failures are not forgotten by it. */
  succeeded(email: string, ip: string): Promise<void>;
}

/** Failures one address can add to an e-mail's count. */
export const PER_ADDRESS_CAP = 5;
/** Failures are forgotten after this long without one. */
const FORGET_AFTER_MS = 15 * 60_000;
/** An address stays "known" to an account this long after a successful sign-in. */
const KNOWN_FOR_MS = 30 * 86_400_000;
const KNOWN_PER_EMAIL = 16;
const ADDRESSES_PER_EMAIL = 256;
const MAX_EMAILS = 50_000;

/** The same bounds for the shared backoff's repo (storage/repos/accounts/login-backoff-repo.ts). */
export const LOGIN_BACKOFF_BOUNDS = {
  forgetAfterMs: FORGET_AFTER_MS,
  knownForMs: KNOWN_FOR_MS,
  perAddressCap: PER_ADDRESS_CAP,
  addressesPerEmail: ADDRESSES_PER_EMAIL,
  knownPerEmail: KNOWN_PER_EMAIL,
};

/** Until when unknown addresses are held off once an e-mail has `counted` failures; null: not held. */
export function holdUntilAfter(counted: number, t: number, opts: Omit<LoginBackoffOptions, 'now'>): number | null {
  const over = counted - opts.backoffAfter;
  return over >= 0 ? t + Math.min(1_000 * 2 ** Math.min(over, 30), opts.maxDelayMs) : null;
}

interface Failures {
  counted: number;
  byAddress: Map<string, number>;
  lastAt: number;
  /** Before this instant, unknown addresses are refused for this e-mail. */
  holdUntil: number;
}

export function createLoginBackoff(opts: LoginBackoffOptions): LoginBackoff {
  const failures = new Map<string, Failures>();
  const known = new Map<string, Map<string, number>>();

  function liveFailures(email: string, t: number): Failures | undefined {
    const f = failures.get(email);
    if (f && t - f.lastAt > FORGET_AFTER_MS) failures.delete(email);
    return failures.get(email);
  }

  function isKnown(email: string, ip: string, t: number): boolean {
    const at = known.get(email)?.get(ip);
    return at !== undefined && t - at < KNOWN_FOR_MS;
  }

  function prune(t: number): void {
    for (const [email, f] of failures) if (t - f.lastAt > FORGET_AFTER_MS) failures.delete(email);
    for (const [email, addresses] of known) {
      for (const [ip, at] of addresses) if (t - at >= KNOWN_FOR_MS) addresses.delete(ip);
      if (addresses.size === 0) known.delete(email);
    }
  }

  function waitMs(email: string, ip: string): number {
    const t = opts.now();
    if (isKnown(email, ip, t)) return 0;
    const f = liveFailures(email, t);
    return f ? Math.max(0, f.holdUntil - t) : 0;
  }

  const sync = {
    failed(email: string, ip: string): void {
      const t = opts.now();
      let f = liveFailures(email, t);
      if (!f) {
        if (failures.size >= MAX_EMAILS) prune(t);
        f = { counted: 0, byAddress: new Map(), lastAt: t, holdUntil: 0 };
        failures.set(email, f);
      }
      f.lastAt = t;
      const fromHere = f.byAddress.get(ip) ?? 0;
      if (fromHere >= PER_ADDRESS_CAP) return;
      // Past ADDRESSES_PER_EMAIL addresses, each new one still counts once (not remembered).
      if (fromHere > 0 || f.byAddress.size < ADDRESSES_PER_EMAIL) f.byAddress.set(ip, fromHere + 1);
      f.counted += 1;
      f.holdUntil = holdUntilAfter(f.counted, t, opts) ?? f.holdUntil;
    },

    succeeded(email: string, ip: string): void {
      const t = opts.now();
      const addresses = known.get(email) ?? new Map<string, number>();
      addresses.delete(ip);
      addresses.set(ip, t);
      // Oldest first (insertion order): keep the most recent few.
      for (const oldest of addresses.keys()) {
        if (addresses.size <= KNOWN_PER_EMAIL) break;
        addresses.delete(oldest);
      }
      if (!known.has(email) && known.size >= MAX_EMAILS) prune(t);
      known.set(email, addresses);
    },
  };

  return {
    waitMs: (email, ip) => Promise.resolve(waitMs(email, ip)),
    failed: (email, ip) => Promise.resolve(sync.failed(email, ip)),
    succeeded: (email, ip) => Promise.resolve(sync.succeeded(email, ip)),
  };
}
