export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface SchedulerOptions {
  /** The clock that decides when a job is due; tests move it by hand. */
  now: () => number;
  /** How often the timer looks for due jobs. */
  tickMs: number;
  onError: (err: unknown, job: string) => void;
}

/**
 * In-process scheduler: each job runs when its interval has passed on the injected clock,
 * never twice at once. `runDue` is what the timer calls, and what tests call directly.
 */
export function createScheduler(opts: SchedulerOptions) {
  const jobs: { job: ScheduledJob; nextAt: number; running: Promise<void> | null }[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;

  function runOne(entry: (typeof jobs)[number]): Promise<void> {
    entry.nextAt = opts.now() + entry.job.everyMs;
    entry.running = entry.job
      .run()
      .then(
        () => undefined,
        (err: unknown) => opts.onError(err, entry.job.name),
      )
      .finally(() => {
        entry.running = null;
      });
    return entry.running;
  }

  return {
    /** Adds a job; it first runs at the next tick. */
    add(job: ScheduledJob): void {
      jobs.push({ job, nextAt: opts.now(), running: null });
    },

    /** Runs every due job that is not already running; resolves when they are done. */
    async runDue(): Promise<void> {
      const t = opts.now();
      await Promise.all(jobs.filter((e) => e.running === null && e.nextAt <= t).map(runOne));
    },

    start(): void {
      if (timer) return;
      timer = setInterval(() => void this.runDue(), opts.tickMs);
      timer.unref();
    },

    /** Stops the timer and waits for running jobs to finish. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all(jobs.flatMap((e) => (e.running ? [e.running] : [])));
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
