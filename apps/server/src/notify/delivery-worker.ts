import { NOTIFICATION_TYPES } from '@jejak/contract';
import type { ClaimedDelivery, DeliveryOutcome, DeliveryRepo } from '../storage/repos/alerts/delivery-repo.ts';
import type { NotificationLogRepo } from '../storage/repos/alerts/notification-log-repo.ts';
import { createClaimLoop } from './claim-loop.ts';
import { retryDelayMs, shouldRetry, type RetryPolicy } from './backoff.ts';
import type { AttemptResult, SendAttempt } from './senders.ts';

export interface DeliveryWorkerDeps {
  deliveries: Pick<DeliveryRepo, 'claimDue' | 'finish'>;
  logs: Pick<NotificationLogRepo, 'insert'>;
  send: SendAttempt;
  /**
   * Checked at send time, after the claim: null to send, else why the delivery is not sent (the
   * notification no longer covers it, an unconfirmed recipient, a spent quota). Not retried.
   */
  gate: (d: ClaimedDelivery) => Promise<AttemptResult | null>;
  policy: RetryPolicy;
  /** How long a claim holds a delivery; longer than the slowest send (SMTP timeouts). */
  leaseMs: number;
  now: () => number;
  onError: (err: unknown, context: string) => void;
  /** Told each attempt's channel (EMAIL, SMS, PUSH…) and outcome, for the metrics. */
  onAttempt?: (channel: string, outcome: 'sent' | 'retrying' | 'failed') => void;
}

const BATCH = 50;

/** The channel's name (EMAIL, PUSH, SMS, CALL) as the metrics label it. */
const channelName = (serviceType: number): string =>
  Object.entries(NOTIFICATION_TYPES).find(([, value]) => value === serviceType)?.[0] ?? String(serviceType);

/**
 * Sends due deliveries (ADR 0047): claims a batch under a lease, sends each, logs the attempt,
 * then marks it SENT, FAILED, or PENDING again after a backoff. `drain` runs until nothing is
 * due; `kick` starts one unless one runs, and asks the running one to look again.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  async function attempt(d: ClaimedDelivery): Promise<void> {
    const n = d.attempt + 1;
    const result = (await deps.gate(d)) ?? (await deps.send(d));
    const nowMs = deps.now();
    const retry = !result.ok && shouldRetry(deps.policy, n, result.retryable);
    const outcome: DeliveryOutcome = result.ok
      ? { status: 'SENT', attempt: n }
      : retry
        ? { status: 'PENDING', attempt: n, nextAt: nowMs + retryDelayMs(deps.policy, n) }
        : { status: 'FAILED', attempt: n };
    const status = result.ok ? 'SENT' : retry ? 'RETRYING' : 'FAILED';
    await deps.logs.insert({
      nfid: d.nfid,
      genid: d.genid,
      getid: d.event.evid,
      serviceType: d.serviceType,
      recipient: d.recipient,
      statusCode: result.statusCode,
      statusMessage: result.statusMessage,
      genStatus: status,
      attempt: n,
      deviceTime: d.event.eventCreatedAt,
      createdAt: nowMs,
    });
    await deps.deliveries.finish(d.genid, outcome);
    deps.onAttempt?.(
      channelName(d.serviceType),
      status === 'SENT' ? 'sent' : status === 'RETRYING' ? 'retrying' : 'failed',
    );
  }

  return createClaimLoop({
    claim: () => deps.deliveries.claimDue(deps.now(), deps.leaseMs, BATCH),
    attempt,
    onError: deps.onError,
    context: 'notification delivery',
  });
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
