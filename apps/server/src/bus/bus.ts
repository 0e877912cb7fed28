import type { LiveNotifyMessage, LiveTicketMessage } from '@jejak/contract';
import type { Device, GeofenceCrossing, Vehicle } from '@jejak/domain';

/**
 * What the pipeline and the services announce after a commit; the live channel and notifiers
 * listen. Broadcast: every node's subscribers hear every message.
 */
export interface BusTopics {
  'fleet.update': { device: Device; vehicle: Vehicle | null };
  /** A vehicle entered or left a geofence (stored): the live channel's 'geofence' message. */
  'geofence.update': { dvid: string; crossing: GeofenceCrossing };
  /** Geofences or template links of these vehicles changed through the API: reload their fences. */
  'geofence.changed': { vids: string[] };
  /**
   * The vehicle fitted to these devices was added, moved or edited through the API: the pipeline
   * reads those devices' state again before their next fix, so it attaches to the new vehicle.
   */
  'vehicle.changed': { dvids: string[] };
  /**
   * Rules or rule templates changed through the API (added, edited, moved, linked): the pipeline
   * reads again the rules of the vehicles that use these templates (all vehicles when empty).
   */
  'rules.changed': { rtids: string[] };
  /**
   * What these users reach may have changed (relations, groups, role, stage, owner, disabled):
   * their live sockets pause, read their session and reach again, and narrow or close (ADR 0032).
   * 'all' when the change cannot name its users.
   */
  'access.changed': { uids: readonly string[] | 'all' };
  /**
   * Events committed by the pipeline (issue 12), with the vehicle's names for messages: the live
   * channel sends each as a 'notify' message to sessions subscribed to the device.
   */
  'event.stored': { dvid: string; items: LiveNotifyMessage['item'][] };
  /**
   * A PUSH notification for these users: their open consoles get the 'notify' message. With a
   * `pushId`, each API node where one of them is open answers on 'notify.pushed' (ADR 0063).
   */
  'notify.push': { pushId?: string; uids: readonly string[]; dvid: string; item: LiveNotifyMessage['item'] };
  /** SOS tickets were resolved through the API (ADR 0073): the live channel's 'ticket' message. */
  'ticket.resolved': { items: { dvid: string; item: LiveTicketMessage['item'] }[] };
  /** An API node's answer to a 'notify.push': how many of its consoles got it (only when some). */
  'notify.pushed': { pushId: string; consoles: number };
  /** Notifications were added or changed through the API: every node's notifier reads them again. */
  'notifications.changed': { nfids: readonly string[] };
  /** These sessions ended (sign-out, password change): their live sockets close at once. */
  'sessions.ended': { tokenHashes: readonly string[] };
  /**
   * A gateway node took this device over (ADR 0061): a node holding it with a lower epoch closes
   * its connection and forgets its pipeline state.
   */
  'device.claimed': { dvid: string; node: string; epoch: number };
  /**
   * A command to this device was queued (ADR 0090): the node with its open connection sends it
   * (the row's compare-and-set keeps it to one); the others ignore it.
   */
  'device.command': { dvid: string };
  /**
   * This node's link to the other nodes came back after a cut of `afterMs`: the broadcasts sent
   * meanwhile never reached it (the NATS client drops what it could not send, and the server
   * keeps nothing for a subscriber away), so whatever caches another node's changes drops all of
   * it, and every live socket reads its session and reach again. Local to the node: never sent.
   */
  'bus.resumed': { afterMs: number };
}
export type BusTopic = keyof BusTopics;

/**
 * Work done once among all nodes (ADR 0056): each item goes to one handler, and comes back if
 * that handler fails or its node dies first — so handlers must be idempotent.
 */
export interface WorkTopics {
  /**
   * Events committed by the pipeline, to fan out to the notifications that watch their rule
   * (idempotent: the fan-out marks each event once, in the transaction that writes deliveries).
   */
  'event.notify': BusTopics['event.stored'];
  /**
   * Call chains were started for these events: sweep the due chains now rather than at the next
   * scheduler tick (idempotent: every chain step is claimed by compare-and-set, ADR 0048).
   */
  'escalation.step': { evids: readonly string[] };
  /**
   * A device with a recompute pending that no live gateway node holds (ADR 0062): a gateway node
   * takes it over and runs the recompute (idempotent: a recompute replays the window from the
   * stored fixes, and one already done leaves no mark to run again).
   */
  'device.recompute': { dvid: string };
  /**
   * A clone was refused (ADR 0082): the vehicle's fleet owner and distributor are told by e-mail
   * (notify/clone-notices.ts; at most once per vehicle and hour, claimed in the store, so a retry
   * or a second node sends nothing more).
   */
  'device.clone': CloneNotice;
}
export type WorkTopic = keyof WorkTopics;

/** What the owners of a cloned tracker are told: addresses as the guards group them (IPv6 by /64). */
export interface CloneNotice {
  dvid: string;
  imei: string;
  /** The address the device is connected and talking from. */
  address: string;
  /** The address of the connection refused. */
  refused: string;
  atMs: number;
}

export interface Bus {
  /** Sends to every node's subscribers of the topic (this node's synchronously). */
  publish<T extends BusTopic>(topic: T, message: BusTopics[T]): void;
  subscribe<T extends BusTopic>(topic: T, handler: (message: BusTopics[T]) => void): () => void;
  /** Resolves once the work is durably accepted; rejects if it could not be. */
  enqueue<T extends WorkTopic>(topic: T, message: WorkTopics[T]): Promise<void>;
  /**
   * Takes this topic's work: each item is done once when `handler` resolves; a rejection (or the
   * node's death) hands it out again, a bounded number of times. Returns a stop function.
   */
  work<T extends WorkTopic>(topic: T, handler: (message: WorkTopics[T]) => Promise<void>): () => void;
  /** Stops taking work, waits for the handlers under way, and lets go of the transport. */
  close(): Promise<void>;
  /** Whether messages reach the other nodes now: NATS connected (the in-process bus always). */
  connected(): boolean;
}

export interface InProcessWorkOptions {
  /** Attempts of one item before it is given up (reported each time). */
  maxAttempts: number;
  /** Wait before attempt n+1: n times this. */
  retryDelayMs: number;
}

type Handler = (m: never) => Promise<void>;
type Item = { topic: WorkTopic; message: unknown; attempt: number };

/** The embedded bus: handlers run in this process (DESIGN §2); work waits in memory. */
export function createInProcessBus(
  onHandlerError: (err: unknown, context: string) => void,
  workOptions: InProcessWorkOptions = { maxAttempts: 3, retryDelayMs: 1_000 },
): Bus {
  const handlers = new Map<BusTopic, Set<(m: never) => void>>();
  const workers = new Map<WorkTopic, Handler[]>();
  /** Items enqueued while no handler took their topic. */
  const waiting = new Map<WorkTopic, Item[]>();
  const running = new Set<Promise<void>>();
  const retries = new Set<NodeJS.Timeout>();
  let turn = 0;
  let closed = false;

  function dispatch(item: Item): void {
    const list = workers.get(item.topic) ?? [];
    const handler = list[turn++ % Math.max(list.length, 1)];
    if (!handler) {
      let queue = waiting.get(item.topic);
      if (!queue) waiting.set(item.topic, (queue = []));
      queue.push(item);
      return;
    }
    // Called synchronously, like a subscriber: a burst enqueued together reaches the handler together.
    const done = new Promise<void>((resolve) => resolve((handler as (m: unknown) => Promise<void>)(item.message)))
      .catch((err: unknown) => failed(item, err))
      .finally(() => running.delete(done));
    running.add(done);
  }

  function failed(item: Item, err: unknown): void {
    const attempt = item.attempt + 1;
    const last = attempt >= workOptions.maxAttempts || closed;
    onHandlerError(err, `work ${item.topic} (attempt ${attempt}${last ? ', given up' : ''})`);
    if (last) return;
    const timer = setTimeout(() => {
      retries.delete(timer);
      dispatch({ ...item, attempt });
    }, attempt * workOptions.retryDelayMs);
    retries.add(timer);
  }

  return {
    connected: () => !closed,
    publish(topic, message) {
      for (const h of handlers.get(topic) ?? []) {
        try {
          (h as (m: typeof message) => void)(message);
        } catch (err) {
          onHandlerError(err, `subscriber of ${topic}`);
        }
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    enqueue(topic, message) {
      if (closed) return Promise.reject(new Error(`bus closed: ${topic} not accepted`));
      dispatch({ topic, message, attempt: 0 });
      return Promise.resolve();
    },
    work(topic, handler) {
      const list = workers.get(topic) ?? [];
      workers.set(topic, [...list, handler]);
      const held = waiting.get(topic) ?? [];
      waiting.delete(topic);
      for (const item of held) dispatch(item);
      return () =>
        workers.set(
          topic,
          (workers.get(topic) ?? []).filter((h) => h !== handler),
        );
    },
    async close() {
      closed = true;
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      workers.clear();
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
