import { newBatch, seal, type Batch } from './batch.ts';

export interface BatcherOptions {
  flushMs: number;
  batchMax: number;
  /** Batches that may commit at the same time (1 on PGlite, which has one connection). */
  concurrentCommits: number;
  /** Writes a sealed batch and settles its waiters; never rejects (commit.ts). */
  commit: (b: Batch) => Promise<void>;
}

/**
 * Group commit (DESIGN §1 "store (batched)"): the open batch takes the rows of every device's
 * messages; it is sealed once `flushMs` passed since its first waiter, or once it holds
 * `batchMax` device-log rows, and committed while the next one fills. Each waiter resolves once
 * the batch holding its rows is committed.
 */
export function createBatcher(opts: BatcherOptions) {
  let open: Batch = newBatch();
  let timer: NodeJS.Timeout | null = null;
  let sealWhenFree = false;
  const inFlight: Promise<void>[] = [];

  function onFlushTimer(): void {
    timer = null;
    sealNowOrWhenFree();
  }

  /**
   * A batch (its timer due, or full) is sealed only when a commit slot is free. While every slot
   * is busy it keeps growing and is sealed as soon as one frees, so a busy store gets fewer,
   * larger batches (the gateways bound how large), an idle one no wait, and sealed batches never
   * queue without end.
   */
  function sealNowOrWhenFree(): void {
    if (inFlight.length < opts.concurrentCommits) void flush();
    else sealWhenFree = true;
  }

  /** Seals the open batch and commits it; resolves once committed (at once if nobody waits on it). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    sealWhenFree = false;
    const current = open;
    open = newBatch();
    if (current.waiters.length === 0) return Promise.all(inFlight).then(() => undefined);
    seal(current);
    // Up to `concurrentCommits` batches commit at once; the store keeps the newest state
    // whichever finishes last, and each connection still acknowledges in its own order.
    const slot = inFlight.length >= opts.concurrentCommits ? Promise.race(inFlight) : Promise.resolve();
    const done: Promise<void> = slot
      .then(() => opts.commit(current))
      .finally(() => {
        void inFlight.splice(inFlight.indexOf(done), 1);
        if (sealWhenFree) void flush();
      });
    inFlight.push(done);
    return done;
  }

  return {
    /** The batch taking rows now: a new one after each seal. */
    get open(): Batch {
      return open;
    },

    /** A message's rows are in the open batch: resolves once they are committed. A full batch is sealed. */
    added(dvid: string): Promise<void> {
      const done = new Promise<void>((resolve, reject) => open.waiters.push({ dvid, resolve, reject }));
      if (open.logs.length >= opts.batchMax) sealNowOrWhenFree();
      else timer ??= setTimeout(onFlushTimer, opts.flushMs);
      return done;
    },

    /** Resolves once the open batch (rows or state of `dvid` in it) is committed, within `flushMs`. */
    committed(dvid: string): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        open.waiters.push({ dvid, resolve, reject });
        timer ??= setTimeout(onFlushTimer, opts.flushMs);
      });
    },

    /** Commits the open batch now; resolves once committed. */
    commitNow(dvid: string): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        open.waiters.push({ dvid, resolve, reject });
        void flush();
      });
    },

    flush,

    /** Whether the open batch holds rows or state of the device. */
    holds(dvid: string): boolean {
      return open.applied.has(dvid) || open.touched.has(dvid);
    },

    /** Resolves once the batches sealed so far are committed. */
    committing(): Promise<unknown> {
      return Promise.all(inFlight);
    },

    /** Sealed batches committing now (the metrics' queue). */
    inFlight(): number {
      return inFlight.length;
    },

    /** The same, whether they committed or failed. */
    settled(): Promise<unknown> {
      return Promise.allSettled([...inFlight]);
    },
  };
}
export type Batcher = ReturnType<typeof createBatcher>;
