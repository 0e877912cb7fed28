import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from 'nats';
import type { WorkTopic } from './bus.ts';
import { wellFormed } from './messages.ts';

/** JetStream's part of the NATS bus (ADR 0056): work-queue streams, durable enqueues, workers. */

type OnError = (err: unknown, context: string) => void;

export const codec = JSONCodec<unknown>();
/** The shared durable consumer of every work stream. */
const CONSUMER = 'workers';
/**
 * Items handed out and not yet acknowledged, over all nodes: handlers run as items arrive, so
 * this bounds how many run at once.
 */
const MAX_ACK_PENDING = 256;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stream and durable consumer names may not hold dots. */
export const streamName = (prefix: string, topic: WorkTopic) =>
  `${prefix}_work_${topic}`.replace(/\W/g, '_').toUpperCase();

/** The message, or undefined when it is not JSON. */
export function decode(data: Uint8Array): unknown {
  try {
    return codec.decode(data);
  } catch {
    return undefined;
  }
}

/** Creates the stream and its consumer, or brings an existing pair to this configuration. */
export async function ensureWorkQueue(
  jsm: JetStreamManager,
  stream: string,
  subject: string,
  c: { ackWaitMs: number; maxDeliver: number },
): Promise<void> {
  const streamConfig = {
    name: stream,
    subjects: [subject],
    retention: RetentionPolicy.Workqueue,
    // Acknowledged enqueues survive a NATS restart.
    storage: StorageType.File,
    // A retried enqueue whose first try was stored (its answer lost) is stored once.
    duplicate_window: nanos(120_000),
  };
  const consumerConfig = { ack_wait: nanos(c.ackWaitMs), max_deliver: c.maxDeliver, max_ack_pending: MAX_ACK_PENDING };
  // Several nodes start at once: whichever creates first, the others find it and update it.
  try {
    await jsm.streams.add(streamConfig);
  } catch {
    await jsm.streams.update(stream, streamConfig);
  }
  try {
    await jsm.consumers.add(stream, {
      durable_name: CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ...consumerConfig,
    });
  } catch {
    await jsm.consumers.update(stream, CONSUMER, consumerConfig);
  }
}

/** Whether the client is connected now, as its status events tell (ADR 0063). */
export interface Link {
  /** Resolves at once while connected, else when the client reconnects. */
  up(): Promise<void>;
  /** Resolves when the connection is next lost. */
  down(): Promise<void>;
  /** Whether the client is connected now (the node's readiness, /readyz). */
  connected(): boolean;
}

/** Rejects with `message` after `ms`; `promise` settling first wins (its rejection handled either way). */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const out = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, out]).finally(() => clearTimeout(timer));
}

/**
 * Publishes to a stream, trying again until the stream acknowledges or `timeoutMs` has passed.
 * An attempt is made only while connected, and abandoned when the connection drops: the client
 * discards what it buffered while away at every reconnection attempt, so a publish made during
 * an outage never reaches the server and would only wait out its timeout. Every attempt carries
 * the same message id, so one stored twice (its answer lost to a drop) is kept once.
 */
export async function publishDurably(
  js: JetStreamClient,
  link: Link,
  subject: string,
  data: Uint8Array,
  o: { timeoutMs: number; closed: () => boolean },
): Promise<void> {
  const msgID = randomUUID();
  const deadline = Date.now() + o.timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    if (o.closed()) throw new Error(`bus closed: ${subject} not accepted`);
    try {
      await within(link.up(), left(), `NATS unreachable for ${o.timeoutMs} ms: ${subject} not accepted`);
      const lost = link.down().then(() => {
        throw new Error(`NATS connection lost while publishing ${subject}`);
      });
      const published = js.publish(subject, data, { msgID, timeout: Math.max(1_000, Math.min(5_000, left())) });
      // Whichever loses the race settles unobserved.
      lost.catch(() => undefined);
      published.catch(() => undefined);
      await Promise.race([published, lost]);
      return;
    } catch (err) {
      if (Date.now() + wait >= deadline) throw err;
      await sleep(wait);
    }
  }
}

export interface Worker {
  /** Resolves true when every handler under way finished, false when `closeWaitMs` ran out. */
  stop(): Promise<boolean>;
}

/** Acknowledgements on a connection that closed are lost; the server then delivers again. */
function settle(m: JsMsg, how: (m: JsMsg) => void, onError: OnError): void {
  try {
    how(m);
  } catch (err) {
    onError(err, `acknowledging ${m.subject} #${m.seq}`);
  }
}

export function startWorker(
  js: JetStreamClient,
  stream: string,
  topic: WorkTopic,
  handler: (m: unknown) => Promise<void>,
  o: {
    ackWaitMs: number;
    maxDeliver: number;
    retryDelayMs: number;
    closeWaitMs: number;
    onError: OnError;
  },
): Worker {
  const running = new Set<Promise<void>>();
  let messages: ConsumerMessages | null = null;
  let stopped = false;
  /** `stop` gave up waiting: the connection closes, and the items go elsewhere. */
  let abandoned = false;
  const keepAlives = new Set<NodeJS.Timeout>();

  async function handle(m: JsMsg): Promise<void> {
    const message = decode(m.data);
    if (!wellFormed('work', topic, message)) {
      o.onError(new Error(`malformed ${topic} work dropped`), `bus ${m.subject}`);
      settle(m, (x) => x.term(), o.onError);
      return;
    }
    // A long handler keeps its item: without this it would go to another node after ackWait.
    const alive = setInterval(() => settle(m, (x) => x.working(), o.onError), o.ackWaitMs / 2);
    keepAlives.add(alive);
    try {
      await handler(message);
      if (!abandoned) settle(m, (x) => x.ack(), o.onError);
    } catch (err) {
      const attempt = m.info.deliveryCount;
      const last = attempt >= o.maxDeliver;
      o.onError(err, `work ${topic} (attempt ${attempt}${last ? ', given up' : ''})`);
      if (!abandoned) settle(m, (x) => (last ? x.term() : x.nak(attempt * o.retryDelayMs)), o.onError);
    } finally {
      clearInterval(alive);
      keepAlives.delete(alive);
    }
  }

  const started = (async () => {
    const consumer = await js.consumers.get(stream, CONSUMER);
    if (stopped) return;
    messages = await consumer.consume({
      callback: (m) => {
        const done = handle(m).finally(() => running.delete(done));
        running.add(done);
      },
    });
  })().catch((err: unknown) => o.onError(err, `work ${topic}: consumer not started`));

  return {
    async stop() {
      stopped = true;
      await started;
      await messages?.close();
      let timer: NodeJS.Timeout | undefined;
      const out = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), o.closeWaitMs)));
      const finished = (async () => {
        while (running.size > 0) await Promise.allSettled([...running]);
        return true as const;
      })();
      const done = await Promise.race([finished, out]);
      clearTimeout(timer);
      abandoned = !done;
      if (abandoned) for (const timer of keepAlives) clearInterval(timer);
      return done;
    },
  };
}
