import { NOTIFICATION_TYPES } from '@jejak/contract';
import type { Bus } from '../bus/bus.ts';
import type { DeliveryRepo, FanOutEvent, NewChain, NewDelivery } from '../storage/repos/alerts/delivery-repo.ts';
import type { FleetRepo } from '../storage/repos/fleet/fleet-repo.ts';
import type { NotificationRepo, WatchingNotification } from '../storage/repos/alerts/notification-repo.ts';
import type { NewWebhookDelivery } from '../storage/repos/alerts/webhook-repo.ts';
import { indexByRule, ruleKey, watches } from './match.ts';

export interface NotifierDeps {
  bus: Bus;
  notifications: Pick<NotificationRepo, 'watching'>;
  deliveries: Pick<DeliveryRepo, 'fanOut' | 'unnotified'>;
  fleet: Pick<FleetRepo, 'filterVisibleVids'>;
  /** Events older than this without fan-out are picked up by the sweep (crash recovery). */
  recoverAfterMs: number;
  /** Deliveries were written: send them now rather than at the next tick. */
  onDeliveries: () => void;
  /** The webhook deliveries these events owe (ADR 0089), written with the notifications'. */
  webhooks?: {
    plan: (events: readonly FanOutEvent[]) => Promise<NewWebhookDelivery[]>;
    onDeliveries: () => void;
  };
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

const SWEEP_BATCH = 500;

type Match = { n: WatchingNotification; e: FanOutEvent };

/**
 * Turns stored events into deliveries and call chains (shared model, ADR 0047). Notifications
 * are cached indexed by the rules they tick, so an event looks at its rule's watchers only; the
 * cache is dropped when a notification changes ('notifications.changed', from any node) or a
 * creator's reach may have ('access.changed').
 */
export function createNotifier(deps: NotifierDeps) {
  let cache: Promise<Map<string, WatchingNotification[]>> | null = null;

  function index(): Promise<Map<string, WatchingNotification[]>> {
    if (!cache) {
      const loading = deps.notifications.watching().then(indexByRule);
      cache = loading;
      loading.catch(() => {
        if (cache === loading) cache = null;
      });
    }
    return cache;
  }

  /** The matches whose notification's creator reaches the event's vehicle. */
  async function reachable(matches: Match[]): Promise<Match[]> {
    const byCreator = new Map<string, { n: WatchingNotification; vids: Set<string> }>();
    for (const { n, e } of matches) {
      const entry = byCreator.get(n.createdBy) ?? { n, vids: new Set<string>() };
      entry.vids.add(e.vid);
      byCreator.set(n.createdBy, entry);
    }
    const reached = new Set<string>();
    for (const [uid, { n, vids }] of byCreator)
      for (const vid of await deps.fleet.filterVisibleVids(n.creator, [...vids])) reached.add(`${uid}\u0000${vid}`);
    return matches.filter(({ n, e }) => reached.has(`${n.createdBy}\u0000${e.vid}`));
  }

  function plan(
    matches: Match[],
    hooks: readonly NewWebhookDelivery[],
    marked: Set<string>,
  ): { deliveries: NewDelivery[]; chains: NewChain[]; webhooks: NewWebhookDelivery[] } {
    const deliveries: NewDelivery[] = [];
    const chains: NewChain[] = [];
    for (const { n, e } of matches) {
      if (!marked.has(e.evid)) continue;
      if (n.serviceType === NOTIFICATION_TYPES.CALL) chains.push({ nfid: n.nfid, evid: e.evid, vid: e.vid });
      else
        n.recipient.forEach((recipient, recipientNo) =>
          deliveries.push({ nfid: n.nfid, evid: e.evid, serviceType: n.serviceType, recipient, recipientNo }),
        );
    }
    return { deliveries, chains, webhooks: hooks.filter((h) => marked.has(h.evid)) };
  }

  async function fanOut(events: readonly FanOutEvent[]): Promise<void> {
    if (events.length === 0) return;
    const idx = await index();
    const candidates: Match[] = [];
    for (const e of events) {
      if (e.ruid === null) continue;
      for (const n of idx.get(ruleKey(e.rtid, e.ruid)) ?? []) if (watches(n, e)) candidates.push({ n, e });
    }
    const matches = await reachable(candidates);
    const hooks = deps.webhooks ? await deps.webhooks.plan(events) : [];
    const written = await deps.deliveries.fanOut(
      events.map((e) => e.evid),
      (marked) => plan(matches, hooks, marked),
      deps.now(),
    );
    if (written.deliveries > 0) deps.onDeliveries();
    if (written.webhooks > 0) deps.webhooks?.onDeliveries();
    if (written.chained.length > 0)
      deps.bus
        .enqueue('escalation.step', { evids: [...new Set(written.chained)] })
        .catch((err: unknown) => deps.onError(err, 'escalation work'));
  }

  /*
   * One fan-out at a time: events stored while one runs wait and go together in the next. A
   * fleet's commits each raise a few events; one transaction per commit competed with ingest for
   * the embedded database (bench:ingest --rules 20 lost a quarter of its rate). Nothing waits on a
   * timer: a lone event goes at once. Each work item is done (acknowledged) when the fan-out that
   * took its events is; a failed fan-out hands its items back to the bus to try again.
   */
  let queued: FanOutEvent[] = [];
  let waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  let running = false;
  async function drain(): Promise<void> {
    running = true;
    try {
      while (queued.length > 0) {
        const events = queued;
        const settle = waiters;
        queued = [];
        waiters = [];
        await fanOut(events).then(
          () => settle.forEach((w) => w.resolve()),
          (err: unknown) => settle.forEach((w) => w.reject(err)),
        );
      }
    } finally {
      running = false;
    }
  }
  deps.bus.work(
    'event.notify',
    ({ items }) =>
      new Promise<void>((resolve, reject) => {
        for (const item of items) queued.push(item);
        waiters.push({ resolve, reject });
        if (!running) void drain();
      }),
  );
  // A notification changed on any API node, or a creator's reach may have: the next event reads
  // them again (ADR 0063).
  deps.bus.subscribe('notifications.changed', () => {
    cache = null;
  });
  deps.bus.subscribe('access.changed', () => {
    cache = null;
  });
  // Changes announced while this node was cut from the others were lost.
  deps.bus.subscribe('bus.resumed', () => {
    cache = null;
  });

  return {
    fanOut,

    /** Fans out events a crash left behind; returns how many it looked at. */
    async sweep(): Promise<number> {
      const events = await deps.deliveries.unnotified(deps.now() - deps.recoverAfterMs, SWEEP_BATCH);
      await fanOut(events);
      return events.length;
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
