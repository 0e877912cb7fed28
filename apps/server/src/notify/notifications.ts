import type { Config } from '../config/schema.ts';
import type { Bus } from '../bus/bus.ts';
import type { Mailer } from '../services/accounts/mailer.ts';
import { createNotificationService } from '../services/alerts/notification-service.ts';
import type { ScheduledJob } from '../services/scheduler.ts';
import type { Db } from '../storage/db/database.ts';
import { createDeliveryRepo } from '../storage/repos/alerts/delivery-repo.ts';
import type { FleetRepo } from '../storage/repos/fleet/fleet-repo.ts';
import { createNotificationLogRepo } from '../storage/repos/alerts/notification-log-repo.ts';
import { createNotificationRepo } from '../storage/repos/alerts/notification-repo.ts';
import type { UnitOfWork } from '../storage/repos/unit-of-work.ts';
import { createRecipientConfirmationService } from '../services/alerts/recipient-confirmation-service.ts';
import { NOTIFICATION_TEXTS } from '@jejak/contract';
import { createMessageGuardRepo } from '../storage/repos/alerts/message-guard-repo.ts';
import { createCloneNoticeRepo } from '../storage/repos/alerts/clone-notice-repo.ts';
import { createLimitCounters } from '../storage/repos/accounts/limit-counters.ts';
import { createCloneNotices } from './clone-notices.ts';
import { createDeliveryWorker, type DeliveryWorkerDeps } from './delivery-worker.ts';
import { stillCovers } from './match.ts';
import { messageGuardOf } from './message-guard.ts';
import { createNotifier } from './notifier.ts';
import type { SmsProvider } from './providers/provider.ts';
import { createBusPushChannel } from './push-channel.ts';
import { createSenders } from './senders.ts';
import { createWebhookRepo } from '../storage/repos/alerts/webhook-repo.ts';
import { sendWebhook } from './webhook-sender.ts';
import { createSignalPlanner, createWebhookPlanner, createWebhookWorker } from './webhooks.ts';
import { readFileSync } from 'node:fs';

/**
 * How long a PUSH waits for an API node to say a console got it. Loopback and a LAN answer in
 * milliseconds; past this the delivery is logged 404 'No open console' (ADR 0063).
 */
const PUSH_ANSWER_MS = 1_000;

/**
 * The API's part of notifications (issue 12): the service. Its changes reach the notifier of
 * every node through 'notifications.changed', this one's at once.
 */
export function createNotificationsApi(deps: {
  data: UnitOfWork<'notifications' | 'notificationLogs' | 'users' | 'messageGuards'>;
  bus: Bus;
  mailer: Mailer;
  config: Config;
  publicUrl: () => string;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}) {
  const { data, config, now } = deps;
  const guard = messageGuardOf(data.repos.messageGuards, deps);
  return createNotificationService({
    data,
    confirmations: createRecipientConfirmationService({
      repos: data.repos,
      guard,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      ttlMs: config.JEJAK_RECIPIENT_CONFIRM_TTL_HOURS * 3_600_000,
      resendMs: config.JEJAK_RECIPIENT_CONFIRM_RESEND_MINUTES * 60_000,
      now,
      onError: deps.onError,
    }),
    onChange: (nfid) => deps.bus.publish('notifications.changed', { nfids: [nfid] }),
    now,
  });
}

export interface NotificationDeliveryDeps {
  db: Db;
  bus: Bus;
  fleet: FleetRepo;
  mailer: Mailer;
  sms: SmsProvider | null;
  config: Config;
  now: () => number;
  onError: (err: unknown, context: string) => void;
  /** Each delivery attempt's channel and outcome (the metrics). */
  onAttempt?: DeliveryWorkerDeps['onAttempt'];
}

/**
 * The scheduler's part (ADR 0063): the notifier that takes 'event.notify' work and fans stored
 * events out, the clone e-mails of 'device.clone' work (ADR 0082), the delivery worker (PUSH through the API nodes' consoles over the bus), and the
 * jobs that drive them: `notification deliveries` (due sends and retries) and `notification
 * recovery` (events whose work never arrived).
 */
export function startNotificationDelivery(deps: NotificationDeliveryDeps) {
  const { db, bus, config, now, onError } = deps;
  const deliveries = createDeliveryRepo(db);
  const guard = messageGuardOf(createMessageGuardRepo(db), deps);
  const worker = createDeliveryWorker({
    deliveries,
    logs: createNotificationLogRepo(db),
    send: createSenders({
      mailer: deps.mailer,
      sms: deps.sms,
      live: createBusPushChannel(bus, PUSH_ANSWER_MS),
      timeZone: config.JEJAK_TIME_ZONE,
    }),
    gate: (d) =>
      stillCovers(d.current, d.event, d.recipient)
        ? guard.permit(d.account, d.serviceType, d.recipient)
        : Promise.resolve({
            ok: false,
            statusCode: 410,
            statusMessage: NOTIFICATION_TEXTS.notCovered,
            retryable: false,
          }),
    policy: { maxAttempts: config.JEJAK_NOTIFY_MAX_ATTEMPTS, baseDelayMs: config.JEJAK_NOTIFY_RETRY_BASE_MS },
    leaseMs: config.JEJAK_NOTIFY_LEASE_MS,
    now,
    onError,
    ...(deps.onAttempt ? { onAttempt: deps.onAttempt } : {}),
  });
  // Webhooks (ADR 0089): planned in the notifier's fan-out, sent by their own worker of the same loop.
  const webhookRepo = createWebhookRepo(db);
  const ca = config.JEJAK_WEBHOOK_CA_FILE ? readFileSync(config.JEJAK_WEBHOOK_CA_FILE, 'utf8') : undefined;
  const webhookWorker = createWebhookWorker({
    webhooks: webhookRepo,
    fleet: deps.fleet,
    send: (req) =>
      sendWebhook(req, {
        allowPrivate: config.JEJAK_WEBHOOK_ALLOW_PRIVATE,
        timeoutMs: config.JEJAK_WEBHOOK_TIMEOUT_MS,
        now,
        ...(ca ? { ca } : {}),
      }),
    mailer: deps.mailer,
    policy: { maxAttempts: config.JEJAK_WEBHOOK_MAX_ATTEMPTS, baseDelayMs: config.JEJAK_WEBHOOK_RETRY_BASE_MS },
    pauseAfter: config.JEJAK_WEBHOOK_PAUSE_AFTER,
    // Longer than one send (its timeout bounds the whole exchange) and the address lookup before it.
    leaseMs: config.JEJAK_WEBHOOK_TIMEOUT_MS + 10_000,
    now,
    onError,
  });
  const planSignals = createSignalPlanner({ webhooks: webhookRepo, fleet: deps.fleet, now });
  const notifier = createNotifier({
    bus,
    notifications: createNotificationRepo(db),
    deliveries,
    fleet: deps.fleet,
    recoverAfterMs: config.JEJAK_NOTIFY_RECOVER_AFTER_MS,
    onDeliveries: () => worker.kick(),
    webhooks: {
      plan: createWebhookPlanner({ webhooks: webhookRepo, fleet: deps.fleet }),
      onDeliveries: () => webhookWorker.kick(),
    },
    now,
    onError,
  });
  const clones = createCloneNotices({
    repo: createCloneNoticeRepo(db),
    counters: createLimitCounters(db),
    guard,
    mailer: deps.mailer,
    timeZone: config.JEJAK_TIME_ZONE,
    now,
    onError,
  });
  bus.work('device.clone', (notice) => clones.tell(notice));
  const jobs: ScheduledJob[] = [
    { name: 'notification deliveries', everyMs: config.JEJAK_NOTIFY_POLL_MS, run: () => worker.drain() },
    { name: 'webhook deliveries', everyMs: config.JEJAK_NOTIFY_POLL_MS, run: () => webhookWorker.drain() },
    {
      name: 'webhook signals',
      everyMs: config.JEJAK_NOTIFY_POLL_MS,
      run: async () => {
        if ((await planSignals()) > 0) webhookWorker.kick();
      },
    },
    { name: 'notification recovery', everyMs: config.JEJAK_NOTIFY_RECOVER_AFTER_MS, run: () => notifier.sweep() },
  ];
  return { notifier, worker, webhookWorker, jobs };
}
