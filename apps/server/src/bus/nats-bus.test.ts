import { randomUUID } from 'node:crypto';
import { connect, Events, type DebugEvents, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type TestNatsServer } from '../../../../tools/testing/nats-server.ts';
import type { Bus } from './bus.ts';
import { createNatsBus, type NatsBusOptions } from './nats-bus.ts';

type Item = { dvid: string; items: never[] };
const item = (dvid: string): Item => ({ dvid, items: [] });

/** Values pushed as they come; `until` resolves once the list passes `check` (no polling). */
function record<T>() {
  const seen: T[] = [];
  const waiting: { check: (seen: T[]) => boolean; resolve: () => void }[] = [];
  return {
    seen,
    push(v: T) {
      seen.push(v);
      for (const w of [...waiting])
        if (w.check(seen)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
    },
    until(check: (seen: T[]) => boolean): Promise<void> {
      if (check(seen)) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ check, resolve }));
    },
  };
}

let nats: TestNatsServer;
let raw: NatsConnection;
const rawStatus = record<Events | DebugEvents>();
const buses: Bus[] = [];

beforeAll(async () => {
  nats = await startNatsServer();
  raw = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  void (async () => {
    for await (const s of raw.status()) rawStatus.push(s.type);
  })();
});

/**
 * Restarts nats-server and waits until this file's own connection is back. A request made on it
 * while it was still reconnecting timed out though the link came back 0.2 s later (nats.js 2.29:
 * seen on a fast machine), so the checks after a restart wait for it.
 */
async function restartNats(): Promise<void> {
  const reconnects = (s: (Events | DebugEvents)[]) => s.filter((t) => t === Events.Reconnect).length;
  const before = reconnects(rawStatus.seen);
  await nats.restart();
  await rawStatus.until((s) => reconnects(s) > before);
}
afterAll(async () => {
  await Promise.allSettled(buses.map((b) => b.close()));
  await raw?.close();
  await nats?.stop();
});

/** Two nodes of one deployment: their own connections, a prefix of this test's own. */
async function nodes(over: Partial<NatsBusOptions> = {}) {
  const prefix = `t${randomUUID().slice(0, 8)}`;
  const errors = record<string>();
  const node = async (name: string) => {
    const bus = await createNatsBus({
      url: nats.url,
      name,
      prefix,
      reconnectWaitMs: 100,
      retryDelayMs: 10,
      onError: (err, context) => errors.push(`${context}: ${err instanceof Error ? err.message : String(err)}`),
      ...over,
    });
    buses.push(bus);
    return bus;
  };
  return { prefix, errors, a: await node('a'), b: await node('b') };
}

const pending = async (stream: string) => {
  const info = await (await raw.jetstreamManager()).streams.info(stream);
  return info.state.messages;
};
/**
 * A round trip on each node's connection: the server has read the subscriptions sent before it
 * (it reads a connection in order). Enqueued on a topic no test works.
 */
const serverHasSubscriptions = (...nodes: Bus[]) =>
  Promise.all(nodes.map((n) => n.enqueue('escalation.step', { evids: [] })));
const streamOf = (prefix: string) => `${prefix}_WORK_EVENT_NOTIFY`.toUpperCase();

describe('the bus on NATS', () => {
  it('broadcasts to the subscribers of every node, this node’s once', async () => {
    const { a, b } = await nodes();
    const onA = record<string>();
    const onB = record<string>();
    a.subscribe('vehicle.changed', ({ dvids }) => onA.push(dvids.join()));
    b.subscribe('vehicle.changed', ({ dvids }) => onB.push(dvids.join()));
    await serverHasSubscriptions(a, b);
    a.publish('vehicle.changed', { dvids: ['D1'] });
    expect(onA.seen).toEqual(['D1']);
    await onB.until((s) => s.includes('D1'));
    // B's message comes after any echo of A's own would have: A still heard D1 once.
    b.publish('vehicle.changed', { dvids: ['D2'] });
    await onA.until((s) => s.includes('D2'));
    expect(onA.seen).toEqual(['D1', 'D2']);
    expect(onB.seen).toEqual(['D1', 'D2']);
  });

  it('hands each work item to exactly one of two nodes', async () => {
    const { prefix, a, b } = await nodes();
    const done = record<string>();
    a.work('event.notify', async ({ dvid }) => done.push(`a:${dvid}`));
    b.work('event.notify', async ({ dvid }) => done.push(`b:${dvid}`));
    const ids = Array.from({ length: 40 }, (_, i) => `D${i}`);
    await Promise.all(ids.map((id) => a.enqueue('event.notify', item(id))));
    await done.until((s) => s.length >= ids.length);
    await Promise.all([a.close(), b.close()]);
    expect(done.seen.map((s) => s.slice(2)).sort()).toEqual([...ids].sort());
    expect(await pending(streamOf(prefix))).toBe(0);
  });

  it('gives an item to the other node when its handler’s node closes before acknowledging', async () => {
    const { prefix, a, b, errors } = await nodes({ ackWaitMs: 1_000, closeWaitMs: 50 });
    const onA = record<string>();
    a.work('event.notify', ({ dvid }) => {
      onA.push(dvid);
      return new Promise<void>(() => undefined);
    });
    await b.enqueue('event.notify', item('D1'));
    await onA.until((s) => s.length === 1);
    await a.close();
    const onB = record<string>();
    b.work('event.notify', async ({ dvid }) => onB.push(dvid));
    await onB.until((s) => s.length === 1);
    expect(onB.seen).toEqual(['D1']);
    await b.close();
    expect(await pending(streamOf(prefix))).toBe(0);
    expect(errors.seen).toEqual([]);
  });

  it('offers a failed item again, reporting the failure', async () => {
    const { a, errors } = await nodes();
    const done = record<string>();
    let calls = 0;
    a.work('escalation.step', async ({ evids }) => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      done.push(evids.join());
    });
    await a.enqueue('escalation.step', { evids: ['E1'] });
    await done.until((s) => s.length === 1);
    expect(calls).toBe(2);
    expect(errors.seen).toEqual(['work escalation.step (attempt 1): database away']);
  });

  it('loses no acknowledged work when nats-server restarts mid-stream', async () => {
    const { prefix, a, b } = await nodes();
    const done = record<string>();
    b.work('event.notify', async ({ dvid }) => done.push(dvid));
    const ids = Array.from({ length: 30 }, (_, i) => `D${i}`);
    for (const id of ids.slice(0, 15)) await a.enqueue('event.notify', item(id));
    await restartNats();
    for (const id of ids.slice(15)) await a.enqueue('event.notify', item(id));
    await done.until((s) => ids.every((id) => s.includes(id)));
    // An item handled just before the restart may come again (its acknowledgement lost): handlers
    // are idempotent. None is missing, and none is left.
    expect(new Set(done.seen)).toEqual(new Set(ids));
    await Promise.all([a.close(), b.close()]);
    expect(await pending(streamOf(prefix))).toBe(0);
  });

  it('tells its own node, and only it, that the link came back after a cut', async () => {
    const { a, b } = await nodes();
    const resumedA = record<number>();
    const resumedB = record<number>();
    a.subscribe('bus.resumed', ({ afterMs }) => resumedA.push(afterMs));
    b.subscribe('bus.resumed', ({ afterMs }) => resumedB.push(afterMs));
    const heardOnB = record<string>();
    b.subscribe('vehicle.changed', ({ dvids }) => heardOnB.push(dvids.join()));
    await serverHasSubscriptions(a, b);
    // What is published while the server is down may be lost: that is why the nodes are told.
    await restartNats();
    await resumedA.until((s) => s.length === 1);
    await resumedB.until((s) => s.length === 1);
    expect(resumedA.seen[0]).toBeGreaterThan(0);
    // Told of the reconnect, B may not have its subscriptions back on the server yet.
    await serverHasSubscriptions(a, b);
    // A node's own announcement stays on that node.
    a.publish('bus.resumed', { afterMs: 1 });
    a.publish('vehicle.changed', { dvids: ['AFTER'] });
    await heardOnB.until((s) => s.includes('AFTER'));
    expect(resumedB.seen).toHaveLength(1);
    expect(resumedA.seen).toHaveLength(2);
  });

  it('reports malformed messages and keeps the subscription and the worker going', async () => {
    const { prefix, a, errors } = await nodes();
    const heard = record<string>();
    a.subscribe('geofence.changed', ({ vids }) => heard.push(vids.join()));
    a.subscribe('access.changed', () => {
      throw new Error('subscriber bug');
    });
    const done = record<string>();
    a.work('event.notify', async ({ dvid }) => done.push(dvid));
    await serverHasSubscriptions(a);
    raw.publish(`${prefix}.geofence.changed`, 'not json');
    raw.publish(`${prefix}.geofence.changed`, JSON.stringify({ vids: 5 }));
    raw.publish(`${prefix}.access.changed`, JSON.stringify({ uids: 'all' }));
    raw.publish(`${prefix}.geofence.changed`, JSON.stringify({ vids: ['V1'] }));
    await heard.until((s) => s.length === 1);
    const js = raw.jetstream();
    await js.publish(`${prefix}.event.notify`, JSON.stringify({ dvid: 'D', items: [{ evid: 1 }] }));
    await a.enqueue('event.notify', item('D2'));
    await done.until((s) => s.length === 1);
    expect(heard.seen).toEqual(['V1']);
    expect(done.seen).toEqual(['D2']);
    expect(errors.seen).toEqual([
      `bus ${prefix}.geofence.changed: malformed geofence.changed message dropped`,
      `bus ${prefix}.geofence.changed: malformed geofence.changed message dropped`,
      'subscriber of access.changed: subscriber bug',
      `bus ${prefix}.event.notify: malformed event.notify work dropped`,
    ]);
    await a.close();
    expect(await pending(streamOf(prefix))).toBe(0);
  });
});
