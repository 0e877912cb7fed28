import type { ChainDriver } from '../notify/escalation/chain-driver.ts';
import { createPackageService } from '../services/package-service.ts';
import { createScheduler, type ScheduledJob, type Scheduler } from '../services/scheduler.ts';
import { createAccountStore } from '../storage/account-store.ts';
import { maintainPartitions } from '../storage/partitions.ts';
import { createSessionsRepo } from '../storage/sessions-repo.ts';
import type { Shared } from './shared.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface SchedulerRole {
  /** Timed jobs; tests run them with `runDue` after moving the clock. */
  scheduler: Scheduler;
  stop(): Promise<void>;
}

/** Runs `jobs` on a scheduler of this process; `runJobs` starts it (or waits for leadership). */
export function startJobs(
  shared: Shared,
  jobs: readonly ScheduledJob[],
  runJobs: (scheduler: Scheduler) => void = (s) => s.start(),
): SchedulerRole {
  const scheduler = createScheduler({
    now: shared.now,
    tickMs: Math.min(shared.config.JEJAK_PACKAGE_SWEEP_MS, 1_000),
    onError: (err, job) => shared.onError(err, job),
  });
  for (const job of jobs) scheduler.add(job);
  runJobs(scheduler);
  return { scheduler, stop: () => scheduler.stop() };
}

/**
 * The scheduler role: package expiry and escalation steps (with `alongside`, the jobs of the
 * other roles in this process), and the housekeeping of the store: next months' device-log
 * partitions and expired sessions.
 */
export function startSchedulerRole(
  shared: Shared,
  chains: ChainDriver,
  alongside: readonly ScheduledJob[] = [],
  runJobs?: (scheduler: Scheduler) => void,
): SchedulerRole {
  const { config, db, now, onError } = shared;
  const packages = createPackageService({
    store: createAccountStore(db),
    fleet: shared.fleet,
    timeZone: config.JEJAK_TIME_ZONE,
    now,
  });
  const jobs = startJobs(
    shared,
    [
      { name: 'package expiry', everyMs: config.JEJAK_PACKAGE_SWEEP_MS, run: () => packages.sweep() },
      ...alongside,
      { name: 'escalation calls', everyMs: config.JEJAK_ESCALATION_SWEEP_MS, run: () => chains.sweep() },
    ],
    runJobs,
  );
  const sessions = createSessionsRepo(db);
  // Both are idempotent, so every scheduler node may run them, leader or not.
  const timers = [
    setInterval(
      () =>
        void maintainPartitions(db, now(), config.JEJAK_POSITIONS_RETENTION_MONTHS).catch((e: unknown) =>
          onError(e, 'partitions'),
        ),
      DAY_MS,
    ),
    setInterval(() => void sessions.deleteExpired(now()).catch((e: unknown) => onError(e, 'sessions')), HOUR_MS),
  ];
  return {
    scheduler: jobs.scheduler,
    async stop() {
      for (const t of timers) clearInterval(t);
      await jobs.stop();
    },
  };
}
