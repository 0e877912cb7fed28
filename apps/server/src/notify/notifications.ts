import type { Config } from '../config/schema.ts';
import type { Bus } from '../bus/bus.ts';
import type { Mailer } from '../services/mailer.ts';
import { createNotificationService } from '../services/notification-service.ts';
import type { ScheduledJob } from '../services/scheduler.ts';
import type { Db } from '../storage/database.ts';
import { createDeliveryRepo } from '../storage/delivery-repo.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import { createNotificationLogRepo } from '../storage/notification-log-repo.ts';
import { createNotificationRepo } from '../storage/notification-repo.ts';
import type { UsersRepo } from '../storage/users-repo.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import { createNotifier } from './notifier.ts';
import type { SmsProvider } from './providers/provider.ts';
import { createSenders, type PushChannel } from './senders.ts';

export interface NotificationsDeps {
  db: Db;
  bus: Bus;
  fleet: FleetRepo;
  users: UsersRepo;
  mailer: Mailer;
  sms: SmsProvider | null;
  /** The live hub: how many consoles a user has open. */
  live: { openConsoles(uids: readonly string[]): number };
  config: Config;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

/**
 * Notifications put together (issue 12): the API's service, the notifier that fans stored events
 * out, the delivery worker, and the scheduler jobs that drive them.
 */
export function createNotifications(deps: NotificationsDeps) {
  const { db, bus, config, now, onError } = deps;
  const notifications = createNotificationRepo(db);
  const logs = createNotificationLogRepo(db);
  const deliveries = createDeliveryRepo(db);
  const push: PushChannel = {
    openConsoles: (uids) => deps.live.openConsoles(uids),
    push: (uids, dvid, item) => bus.publish('notify.push', { uids, dvid, item }),
  };
  const worker = createDeliveryWorker({
    deliveries,
    logs,
    send: createSenders({ mailer: deps.mailer, sms: deps.sms, live: push, timeZone: config.JEJAK_TIME_ZONE }),
    policy: { maxAttempts: config.JEJAK_NOTIFY_MAX_ATTEMPTS, baseDelayMs: config.JEJAK_NOTIFY_RETRY_BASE_MS },
    leaseMs: config.JEJAK_NOTIFY_LEASE_MS,
    now,
    onError,
  });
  const notifier = createNotifier({
    bus,
    notifications,
    deliveries,
    fleet: deps.fleet,
    recoverAfterMs: config.JEJAK_NOTIFY_RECOVER_AFTER_MS,
    onDeliveries: () => worker.kick(),
    now,
    onError,
  });
  const service = createNotificationService({
    notifications,
    logs,
    users: deps.users,
    onChange: () => notifier.invalidate(),
    now,
  });
  const jobs: ScheduledJob[] = [
    { name: 'notification deliveries', everyMs: config.JEJAK_NOTIFY_POLL_MS, run: () => worker.drain() },
    { name: 'notification recovery', everyMs: config.JEJAK_NOTIFY_RECOVER_AFTER_MS, run: () => notifier.sweep() },
  ];
  return { service, notifier, worker, jobs };
}
