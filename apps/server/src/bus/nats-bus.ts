import { connect, Events, type NatsConnection, type Status } from 'nats';
import type { Bus, BusTopic } from './bus.ts';
import { LOCAL_TOPICS, WORK_TOPICS, wellFormed } from './messages.ts';
import {
  codec,
  decode,
  ensureWorkQueue,
  publishDurably,
  startWorker,
  streamName,
  type Link,
  type Worker,
} from './nats-work.ts';

export interface NatsBusOptions {
  /** NATS_URL: one server or a comma-separated list of a cluster's. */
  url: string;
  /** This node's name, shown by the NATS server's monitoring. */
  name: string;
  onError: (err: unknown, context: string) => void;
  /** Unacknowledged work goes to another node after this long (its handler is kept alive meanwhile). */
  ackWaitMs?: number;
  /** Deliveries of one work item before it is given up. */
  maxDeliver?: number;
  /** Wait before a failed work item is offered again. */
  retryDelayMs?: number;
  /** `enqueue` keeps trying for this long (a NATS restart) before it rejects. */
  enqueueTimeoutMs?: number;
  /** Wait between reconnection attempts (they go on for ever), before a random part as long again. */
  reconnectWaitMs?: number;
  /** `close` waits this long for handlers under way; their items then go to another node. */
  closeWaitMs?: number;
  /** Prefix of subjects and streams: tests and several deployments on one NATS keep apart. */
  prefix?: string;
}

/**
 * The bus across nodes (DESIGN §2, ADR 0056). Broadcast topics are plain NATS subjects
 * `<prefix>.<topic>`; this node's subscribers get its own messages synchronously (no echo from
 * the server). Work topics are JetStream work-queue streams on file storage with one shared
 * durable pull consumer each: an item leaves the stream only when a handler acknowledged it.
 */
export async function createNatsBus(opts: NatsBusOptions): Promise<Bus> {
  const prefix = opts.prefix ?? 'jejak';
  const ackWaitMs = opts.ackWaitMs ?? 30_000;
  const maxDeliver = opts.maxDeliver ?? 5;
  const retryDelayMs = opts.retryDelayMs ?? 1_000;
  const enqueueTimeoutMs = opts.enqueueTimeoutMs ?? 30_000;
  const closeWaitMs = opts.closeWaitMs ?? 10_000;
  const reconnectWaitMs = opts.reconnectWaitMs ?? 250;
  const subject = (topic: string) => `${prefix}.${topic}`;

  const nc = await connect({
    servers: opts.url.split(',').map((s) => s.trim()),
    name: opts.name,
    noEcho: true,
    maxReconnectAttempts: -1,
    // A restarted server is back within a fraction of a second of its first attempt; the random
    // half spreads the nodes' attempts (ADR 0064). The client's default is 2 s (+0.1 s).
    reconnectTimeWait: reconnectWaitMs,
    reconnectJitter: reconnectWaitMs,
  });
  const link = watchLink(nc, opts.onError, (afterMs) => deliver('bus.resumed', { afterMs }));
  try {
    const jsm = await nc.jetstreamManager();
    for (const topic of WORK_TOPICS)
      await ensureWorkQueue(jsm, streamName(prefix, topic), subject(topic), { ackWaitMs, maxDeliver });
  } catch (err) {
    // JetStream off, or a stream of another shape: this node cannot take part.
    await nc.close();
    throw err;
  }
  const js = nc.jetstream();

  const local = new Map<BusTopic, Set<(m: never) => void>>();
  const remote = new Map<BusTopic, () => void>();
  const workers = new Set<Worker>();
  let closed = false;

  function deliver(topic: BusTopic, message: unknown): void {
    for (const h of local.get(topic) ?? []) {
      try {
        (h as (m: unknown) => void)(message);
      } catch (err) {
        opts.onError(err, `subscriber of ${topic}`);
      }
    }
  }

  /** One NATS subscription per topic however many handlers this node has. */
  function listen(topic: BusTopic): () => void {
    const sub = nc.subscribe(subject(topic), {
      callback: (err, msg) => {
        if (err) return opts.onError(err, `subscription ${topic}`);
        const message = decode(msg.data);
        if (!wellFormed('broadcast', topic, message))
          return opts.onError(new Error(`malformed ${topic} message dropped`), `bus ${subject(topic)}`);
        deliver(topic, message);
      },
    });
    return () => sub.unsubscribe();
  }

  return {
    connected: () => !closed && link.connected(),
    publish(topic, message) {
      deliver(topic, message);
      if (closed || LOCAL_TOPICS.has(topic)) return;
      try {
        nc.publish(subject(topic), codec.encode(message));
      } catch (err) {
        opts.onError(err, `publish ${topic}`);
      }
    },
    subscribe(topic, handler) {
      let set = local.get(topic);
      if (!set) local.set(topic, (set = new Set()));
      if (!remote.has(topic) && !LOCAL_TOPICS.has(topic)) remote.set(topic, listen(topic));
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size > 0) return;
        remote.get(topic)?.();
        remote.delete(topic);
      };
    },
    enqueue(topic, message) {
      return publishDurably(js, link, subject(topic), codec.encode(message), {
        timeoutMs: enqueueTimeoutMs,
        closed: () => closed,
      });
    },
    work(topic, handler) {
      const worker = startWorker(js, streamName(prefix, topic), topic, handler as (m: unknown) => Promise<void>, {
        ackWaitMs,
        maxDeliver,
        retryDelayMs,
        closeWaitMs,
        onError: opts.onError,
      });
      workers.add(worker);
      return () => {
        workers.delete(worker);
        void worker.stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped = await Promise.all([...workers].map((w) => w.stop()));
      workers.clear();
      if (nc.isClosed()) return;
      // Items still in a handler are not acknowledged: closing outright sends them elsewhere.
      if (stopped.every(Boolean)) await nc.drain();
      else await nc.close();
    },
  };
}

const describe = (data: Status['data']) => (typeof data === 'object' ? JSON.stringify(data) : String(data));

/**
 * Disconnections and server errors are reported; the client reconnects by itself, for ever. The
 * link follows the status events, so enqueues wait for the connection instead of publishing
 * into a buffer the client drops (ADR 0063).
 */
function watchLink(nc: NatsConnection, onError: NatsBusOptions['onError'], onResumed: (afterMs: number) => void): Link {
  let connected = true;
  let lostAt = 0;
  let ups: (() => void)[] = [];
  let downs: (() => void)[] = [];
  const release = (list: (() => void)[]) => list.forEach((resolve) => resolve());
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === Events.Disconnect) {
        if (connected) lostAt = Date.now();
        connected = false;
        release(downs);
        downs = [];
        onError(new Error(`NATS connection lost (${describe(s.data)}); reconnecting`), 'bus');
      } else if (s.type === Events.Reconnect) {
        connected = true;
        release(ups);
        ups = [];
        onResumed(Date.now() - lostAt);
      } else if (s.type === Events.Error) onError(new Error(`NATS: ${describe(s.data)}`), 'bus');
    }
  })();
  return {
    up: () => (connected ? Promise.resolve() : new Promise((resolve) => ups.push(resolve))),
    down: () => new Promise((resolve) => downs.push(resolve)),
    connected: () => connected && !nc.isClosed(),
  };
}
