import type { ChainDriver } from '../notify/escalation/chain-driver.ts';
import { createLeadership, type Leadership } from '../services/leader.ts';
import { createPackageService } from '../services/fleet/package-service.ts';
import { createScheduler, type ScheduledJob, type Scheduler } from '../services/scheduler.ts';
import { createPostgresLeaderLock } from '../storage/db/leader-lock.ts';
import { maintainPartitions } from '../storage/db/partitions.ts';
import { createSessionsRepo } from '../storage/repos/accounts/sessions-repo.ts';
import { createCommandRepo } from '../storage/repos/fleet/command-repo.ts';
import { clusterJobs } from './cluster-jobs.ts';
import { createMaintenance, openMailer, type Shared } from './shared.ts';

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
  const gate = runJobs ? null : leaderGate(shared);
  const packages = createPackageService({
    data: shared.data,
    timeZone: config.JEJAK_TIME_ZONE,
    now,
  });
  const commands = createCommandRepo(db);
  const maintenance = createMaintenance(shared, openMailer(config));
  const jobs = startJobs(
    shared,
    [
      { name: 'package expiry', everyMs: config.JEJAK_PACKAGE_SWEEP_MS, run: () => packages.sweep() },
      ...alongside,
      { name: 'escalation calls', everyMs: config.JEJAK_ESCALATION_SWEEP_MS, run: () => chains.sweep() },
      // Services newly due soon or overdue: their vehicle's owner is mailed once (ADR 0092).
      { name: 'maintenance reminders', everyMs: config.JEJAK_MAINTENANCE_SWEEP_MS, run: () => maintenance.sweep() },
      // Commands still queued at their expiry: the tracker stayed offline (ADR 0090).
      { name: 'command expiry', everyMs: 60_000, run: () => commands.expire(now()) },
      ...clusterJobs(shared),
    ],
    runJobs ?? gate?.run,
  );
  // Chains that events started are rung now, by one scheduler node (the sweep catches any missed).
  const stopEscalationWork = shared.bus.work('escalation.step', () => chains.sweep().then(() => undefined));
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
      stopEscalationWork();
      for (const t of timers) clearInterval(t);
      // Stepping down stops the jobs before the lock is let go.
      await gate?.close();
      await jobs.stop();
    },
  };
}

/** How often a scheduler node tries to lead, and how often the leader checks it still does. */
const LEADER_RETRY_MS = 1_000;
const LEADER_CHECK_MS = 1_000;
/** A leader whose session went quiet this long (hung, cut off) loses the lock on the server too. */
const LEADER_IDLE_SESSION_MS = 10_000;

/**
 * On PostgreSQL the jobs run only on the elected scheduler (ADR 0057): a session advisory lock;
 * a node that loses it stops its jobs before letting go, and another node takes over within
 * seconds. PGlite serves one process, which always leads.
 */
function leaderGate(shared: Shared): { run: (scheduler: Scheduler) => void; close: () => Promise<void> } {
  const url = shared.config.DATABASE_URL;
  if (shared.database.kind !== 'postgres' || !url) return { run: (s) => s.start(), close: async () => {} };
  let leadership: Leadership | null = null;
  return {
    run(scheduler) {
      leadership = createLeadership({
        lock: createPostgresLeaderLock({
          url,
          checkTimeoutMs: 2_000,
          idleSessionMs: LEADER_IDLE_SESSION_MS,
          onError: (err) => shared.onError(err, 'leader lock'),
        }),
        retryMs: LEADER_RETRY_MS,
        checkMs: LEADER_CHECK_MS,
        onElected: () => scheduler.start(),
        onLost: () => scheduler.stop(),
        onError: shared.onError,
      });
    },
    close: async () => {
      await leadership?.close();
    },
  };
}
