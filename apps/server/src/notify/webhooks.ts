import { WEBHOOK_TEXTS, webhookKindOf, type WebhookKind } from '@jejak/contract';
import type { Mailer } from '../services/accounts/mailer.ts';
import type { FanOutEvent } from '../storage/repos/alerts/delivery-repo.ts';
import type { FleetRepo } from '../storage/repos/fleet/fleet-repo.ts';
import type {
  ActiveWebhook,
  ClaimedWebhookDelivery,
  NewWebhookDelivery,
  WebhookOutcome,
  WebhookRepo,
} from '../storage/repos/alerts/webhook-repo.ts';
import { retryDelayMs, shouldRetry, type RetryPolicy } from './backoff.ts';
import { createClaimLoop } from './claim-loop.ts';
import { escapeHtml } from './messages.ts';
import type { WebhookRequest, WebhookResult } from './webhook-sender.ts';

const BATCH = 50;

/** The JSON a receiver gets: the same bytes on every attempt of one delivery. */
export function webhookBody(d: Pick<ClaimedWebhookDelivery, 'wdid' | 'kind' | 'event' | 'signal'>): string {
  return JSON.stringify(
    d.event ? { id: d.wdid, kind: d.kind, event: d.event } : { id: d.wdid, kind: d.kind, signal: d.signal },
  );
}

/**
 * Each item owed to each webhook that takes its kind and whose owner reaches its vehicle now:
 * the one rule both planners follow. The owner's reach is read once per owner, and not at all for
 * a webhook that takes none of the items' kinds.
 */
async function matchWebhooks<T extends { vid: string; kind: WebhookKind }>(
  hooks: readonly ActiveWebhook[],
  items: readonly T[],
  fleet: Pick<FleetRepo, 'filterVisibleVids'>,
): Promise<{ hook: ActiveWebhook; item: T }[]> {
  const reachOf = new Map<string, Promise<Set<string>>>();
  const out: { hook: ActiveWebhook; item: T }[] = [];
  for (const hook of hooks) {
    const wanted = items.filter((x) => hook.kinds.includes(x.kind));
    if (wanted.length === 0) continue;
    let reach = reachOf.get(hook.owner.uid);
    if (!reach) {
      reach = fleet.filterVisibleVids(hook.owner, [...new Set(items.map((x) => x.vid))]).then((v) => new Set(v));
      reachOf.set(hook.owner.uid, reach);
    }
    const reached = await reach;
    for (const item of wanted) if (reached.has(item.vid)) out.push({ hook, item });
  }
  return out;
}

/**
 * The webhook deliveries a batch of stored events owes (ADR 0089): each event to every webhook
 * not paused that takes its kind and whose owner reaches its vehicle now. Written by the notifier
 * in its fan-out transaction, so an event that was fanned out has its webhook deliveries queued.
 */
export function createWebhookPlanner(deps: {
  webhooks: Pick<WebhookRepo, 'active' | 'eventKinds'>;
  fleet: Pick<FleetRepo, 'filterVisibleVids'>;
}) {
  return async function plan(events: readonly FanOutEvent[]): Promise<NewWebhookDelivery[]> {
    if (events.length === 0) return [];
    const hooks = await deps.webhooks.active();
    if (hooks.length === 0) return [];
    const kinds = await deps.webhooks.eventKinds(events.map((e) => e.evid));
    const items = events.flatMap((e) => {
      const stored = kinds.get(e.evid);
      return stored ? [{ ...e, kind: webhookKindOf(stored) }] : [];
    });
    const owed = await matchWebhooks(hooks, items, deps.fleet);
    return owed.map(({ hook, item }) => ({ whid: hook.whid, evid: item.evid, vid: item.vid, kind: item.kind }));
  };
}

/** Signals turned into deliveries per round. */
const SIGNALS_PER_ROUND = 500;

/**
 * Turns webhook signals (geofence crossings, ticket resolutions, trackers online and offline,
 * written where they are recorded: migration 037) into deliveries by the same rule as events.
 * Returns how many deliveries it wrote.
 */
export function createSignalPlanner(deps: {
  webhooks: Pick<WebhookRepo, 'active' | 'pendingSignals' | 'takeSignals'>;
  fleet: Pick<FleetRepo, 'filterVisibleVids'>;
  now: () => number;
}) {
  return async function planSignals(): Promise<number> {
    let written = 0;
    for (;;) {
      const signals = await deps.webhooks.pendingSignals(SIGNALS_PER_ROUND);
      if (signals.length === 0) return written;
      const owed = await matchWebhooks(await deps.webhooks.active(), signals, deps.fleet);
      written += await deps.webhooks.takeSignals(
        signals.map((x) => x.seq),
        owed.map(({ hook, item: x }) => ({
          whid: hook.whid,
          seq: x.seq,
          vid: x.vid,
          kind: x.kind,
          payload: { ...x.payload, at: x.at },
        })),
        deps.now(),
      );
      if (signals.length < SIGNALS_PER_ROUND) return written;
    }
  };
}

export interface WebhookWorkerDeps {
  webhooks: Pick<WebhookRepo, 'claimDue' | 'finish' | 'pause'>;
  fleet: Pick<FleetRepo, 'filterVisibleVids'>;
  send: (req: WebhookRequest) => Promise<WebhookResult>;
  mailer: Mailer;
  policy: RetryPolicy;
  /** Failed attempts in a row after which a webhook is paused. */
  pauseAfter: number;
  leaseMs: number;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

/**
 * Sends due webhook deliveries (ADR 0089) over the notification queue's loop (ADR 0047): the
 * owner's reach is checked at send time (access taken away: not sent, not retried); a failure is
 * retried with exponential backoff; `pauseAfter` failures in a row pause the webhook and mail its
 * owner.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps) {
  async function notifyPaused(d: ClaimedWebhookDelivery, failures: number): Promise<void> {
    if (!(await deps.webhooks.pause(d.webhook.whid, deps.now()))) return;
    if (!deps.mailer.configured || d.webhook.ownerEmail === '') return;
    const text = WEBHOOK_TEXTS.pausedText.replace('{url}', d.webhook.url).replace('{count}', String(failures));
    await deps.mailer
      .send({
        to: d.webhook.ownerEmail,
        subject: WEBHOOK_TEXTS.pausedSubject,
        text,
        html: `<p>${escapeHtml(text)}</p>`,
      })
      .catch((err: unknown) => deps.onError(err, 'webhook pause notice'));
  }

  async function attempt(d: ClaimedWebhookDelivery): Promise<void> {
    const n = d.attempt + 1;
    const reaches = (await deps.fleet.filterVisibleVids(d.webhook.owner, [d.vid])).length > 0;
    const result: WebhookResult =
      reaches && d.webhook.kinds.includes(d.kind)
        ? await deps.send({
            url: d.webhook.url,
            secret: d.webhook.secret,
            kind: d.kind,
            deliveryId: d.wdid,
            body: webhookBody(d),
          })
        : {
            ok: false,
            retryable: false,
            responseCode: null,
            latencyMs: null,
            error: 'The owner no longer reaches this vehicle',
          };
    const nowMs = deps.now();
    const retry = !result.ok && shouldRetry(deps.policy, n, result.retryable);
    const outcome: WebhookOutcome = result.ok
      ? { status: 'SENT', attempt: n }
      : retry
        ? { status: 'PENDING', attempt: n, nextAt: nowMs + retryDelayMs(deps.policy, n) }
        : { status: 'FAILED', attempt: n };
    const failures = await deps.webhooks.finish(
      { wdid: d.wdid, whid: d.webhook.whid },
      outcome,
      { responseCode: result.responseCode, latencyMs: result.latencyMs, error: result.error },
      nowMs,
      reaches,
    );
    if (!result.ok && reaches && failures >= deps.pauseAfter) await notifyPaused(d, failures);
  }

  return createClaimLoop({
    claim: () => deps.webhooks.claimDue(deps.now(), deps.leaseMs, BATCH),
    attempt,
    onError: deps.onError,
    context: 'webhook delivery',
  });
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
