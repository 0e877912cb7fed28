/**
 * A lock that at most one process holds (ADR 0057). `acquire` answers at once: the held lock, or
 * null when another process holds it. Declared here, where it is used, so leadership imports no
 * database code; the storage's leader-lock.ts implements it on PostgreSQL and on the embedded one.
 */
export interface LeaderLock {
  acquire(): Promise<HeldLock | null>;
  /** Ends the candidate's connection, if any. */
  close(): Promise<void>;
}

export interface HeldLock {
  /** Resolves as soon as the lock is known to be lost (its connection ended or failed). */
  readonly lost: Promise<Error>;
  /** Asks the server whether the session is alive; rejects when it is not (or takes too long). */
  check(): Promise<void>;
  /** Lets the lock go; its connection is closed. */
  release(): Promise<void>;
}

export interface LeadershipOptions {
  lock: LeaderLock;
  /** How often a candidate tries the lock. */
  retryMs: number;
  /** How often the leader checks that its session (and so its lock) is alive. */
  checkMs: number;
  /** This process now holds the lock: start the work only one process may do. */
  onElected: () => void;
  /** The lock is lost or being let go: stop that work; the lock is released once this settles. */
  onLost: () => Promise<void> | void;
  onError: (err: unknown, context: string) => void;
}

export interface Leadership {
  isLeader(): boolean;
  /** Stops leading (onLost first, then the lock is let go) and stops campaigning. */
  close(): Promise<void>;
}

/**
 * One leader among the processes that share a lock (ADR 0057): a candidate tries the lock every
 * `retryMs`; the leader checks its session every `checkMs` and steps down as soon as the session
 * ends or a check fails, so it never goes on working without the lock.
 */
export function createLeadership(opts: LeadershipOptions): Leadership {
  let leader = false;
  let closed = false;
  /** Pauses under way: close ends them at once. */
  const pauses = new Set<() => void>();

  /** Waits `ms`, or less when the leadership is closed. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pauses.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pauses.add(done);
    });

  /** Resolves with why the lock was lost, or null when the leadership was closed. */
  async function watch(held: HeldLock): Promise<Error | null> {
    let lost: Error | null = null;
    void held.lost.then((err) => (lost ??= err));
    while (!closed && !lost) {
      await Promise.race([pause(opts.checkMs), held.lost]);
      if (closed || lost) break;
      await held.check().catch((err: unknown) => (lost ??= err instanceof Error ? err : new Error(String(err))));
    }
    return lost;
  }

  async function lead(held: HeldLock): Promise<void> {
    leader = true;
    try {
      opts.onElected();
    } catch (err) {
      opts.onError(err, 'leader elected');
    }
    const lost = await watch(held);
    leader = false;
    if (lost) opts.onError(lost, 'leader lock lost');
    // The work stops before the lock is let go: another leader never overlaps a closing one.
    await Promise.resolve()
      .then(opts.onLost)
      .catch((err: unknown) => opts.onError(err, 'leader stepping down'));
    await held.release().catch((err: unknown) => opts.onError(err, 'leader lock release'));
  }

  async function campaign(): Promise<void> {
    while (!closed) {
      const held = await opts.lock.acquire().catch((err: unknown) => {
        opts.onError(err, 'leader lock');
        return null;
      });
      if (held && closed) await held.release();
      else if (held) await lead(held);
      if (!closed) await pause(opts.retryMs);
    }
    await opts.lock.close();
  }

  const running = campaign();

  return {
    isLeader: () => leader,
    async close() {
      closed = true;
      for (const done of [...pauses]) done();
      await running;
    },
  };
}
