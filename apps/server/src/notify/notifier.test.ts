import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/bus.ts';
import type { FanOutEvent, NewChain, NewDelivery } from '../storage/repos/alerts/delivery-repo.ts';
import type { WatchingNotification } from '../storage/repos/alerts/notification-repo.ts';
import { createNotifier } from './notifier.ts';

const creator = { uid: 'u1', role: 'fleetOwner', hierarchy: 'root#u1' } as const;
const notice = (nfid: string, serviceType: 0 | 3, over: Partial<WatchingNotification> = {}): WatchingNotification => ({
  nfid,
  notificationName: nfid,
  serviceType,
  rules: { T: { R: { c: 0, v: 1 } } },
  geofences: {},
  recipient: [
    { name: 'A', email: 'a@x.my', contact: '+60123456789', isKeypadAuthorized: true },
    { name: 'B', email: 'b@x.my', contact: '+60123456780', isKeypadAuthorized: true },
  ],
  isKeypadEnabled: false,
  createdBy: 'u1',
  createdAt: 0,
  updatedAt: 0,
  creator,
  ...over,
});
const event = (evid: string, vid = 'V1'): FanOutEvent => ({
  evid,
  vid,
  rtid: 'T',
  ruid: 'R',
  eventResult: 1,
  geoid: null,
});

function setUp(notifications: WatchingNotification[], reachable: string[]) {
  const written: { marked: string[]; deliveries: NewDelivery[]; chains: NewChain[] }[] = [];
  let loads = 0;
  let kicks = 0;
  const bus = createInProcessBus((err) => {
    throw err;
  });
  const notifier = createNotifier({
    bus,
    notifications: {
      watching: () => {
        loads += 1;
        return Promise.resolve(notifications);
      },
    },
    deliveries: {
      fanOut: (evids, plan) => {
        const marked = new Set(evids);
        const p = plan(marked);
        written.push({ marked: [...marked], deliveries: p.deliveries, chains: p.chains });
        return Promise.resolve({
          marked,
          deliveries: p.deliveries.length,
          chained: p.chains.map((c) => c.evid),
          webhooks: 0,
        });
      },
      unnotified: () => Promise.resolve([]),
    },
    fleet: { filterVisibleVids: (_viewer, vids) => Promise.resolve(vids.filter((v) => reachable.includes(v))) },
    recoverAfterMs: 5_000,
    onDeliveries: () => {
      kicks += 1;
    },
    now: () => 1_000,
    onError: (err) => {
      throw err;
    },
  });
  const publish = (items: (FanOutEvent & { dvid: string; eventName: string })[]) =>
    void bus.enqueue('event.notify', { dvid: 'D', items: items as never });
  /** Lets every queued fan-out finish (each awaits a few resolved promises). */
  const idle = async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  };
  return { bus, notifier, written, loads: () => loads, kicks: () => kicks, publish, idle };
}

describe('the notifier', () => {
  it('writes one delivery per recipient, one call chain per call notification, and sends at once', async () => {
    const t = setUp([notice('mail', 0), notice('call', 3)], ['V1']);
    await t.notifier.fanOut([event('E1')]);
    expect(t.written).toHaveLength(1);
    expect(t.written[0]?.deliveries.map((d) => [d.nfid, d.recipientNo, d.recipient.name])).toEqual([
      ['mail', 0, 'A'],
      ['mail', 1, 'B'],
    ]);
    expect(t.written[0]?.chains).toEqual([{ nfid: 'call', evid: 'E1', vid: 'V1' }]);
    expect(t.kicks()).toBe(1);
  });

  it('skips notifications whose creator does not reach the vehicle, and still marks the event', async () => {
    const t = setUp([notice('mail', 0)], []);
    await t.notifier.fanOut([event('E1', 'V2')]);
    expect(t.written).toEqual([{ marked: ['E1'], deliveries: [], chains: [] }]);
    expect(t.kicks()).toBe(0);
  });

  it('reads notifications once until one changes or reach may have', async () => {
    const t = setUp([notice('mail', 0)], ['V1']);
    await t.notifier.fanOut([event('E1')]);
    await t.notifier.fanOut([event('E2')]);
    expect(t.loads()).toBe(1);
    t.bus.publish('notifications.changed', { nfids: ['mail'] });
    await t.notifier.fanOut([event('E3')]);
    expect(t.loads()).toBe(2);
    t.bus.publish('access.changed', { uids: 'all' });
    await t.notifier.fanOut([event('E4')]);
    expect(t.loads()).toBe(3);
  });

  it('fans out events stored while a fan-out runs together in the next one, a lone event at once', async () => {
    const t = setUp([notice('mail', 0)], ['V1', 'V2']);
    const item = (evid: string, vid = 'V1') => ({ ...event(evid, vid), dvid: 'D', eventName: 'x' });
    const publish = t.publish;
    publish([item('E1')]);
    // E1's fan-out is under way: the next two commits' events queue behind it.
    publish([item('E2')]);
    publish([item('E3', 'V2'), item('E4')]);
    await t.idle();
    expect(t.written.map((w) => w.marked)).toEqual([['E1'], ['E2', 'E3', 'E4']]);
    publish([item('E5')]);
    await t.idle();
    expect(t.written.map((w) => w.marked)).toEqual([['E1'], ['E2', 'E3', 'E4'], ['E5']]);
  });

  it('announces the events that started call chains as escalation work', async () => {
    const t = setUp([notice('mail', 0), notice('call', 3)], ['V1']);
    const work: (readonly string[])[] = [];
    t.bus.work('escalation.step', async ({ evids }) => void work.push(evids));
    await t.notifier.fanOut([event('E1'), event('E2', 'V2')]);
    expect(work).toEqual([['E1']]);
  });

  it('hands the work of a failed fan-out back to the bus, which tries it again', async () => {
    const errors: string[] = [];
    const bus = createInProcessBus((err, context) => errors.push(`${context}: ${String(err)}`), {
      maxAttempts: 3,
      retryDelayMs: 0,
    });
    const tries: string[][] = [];
    let fanOuts = 0;
    let retried = () => undefined as void;
    const retriedOnce = new Promise<void>((resolve) => (retried = resolve));
    createNotifier({
      bus,
      notifications: { watching: () => Promise.resolve([notice('mail', 0)]) },
      deliveries: {
        fanOut: (evids) => {
          tries.push([...evids]);
          fanOuts += 1;
          if (fanOuts === 1) return Promise.reject(new Error('database away'));
          retried();
          return Promise.resolve({ marked: new Set(evids), deliveries: 0, chained: [], webhooks: 0 });
        },
        unnotified: () => Promise.resolve([]),
      },
      fleet: { filterVisibleVids: (_viewer, vids) => Promise.resolve([...vids]) },
      recoverAfterMs: 5_000,
      onDeliveries: () => undefined,
      now: () => 1_000,
      onError: (err) => {
        throw err;
      },
    });
    await bus.enqueue('event.notify', { dvid: 'D', items: [{ ...event('E1'), dvid: 'D', eventName: 'x' }] as never });
    await retriedOnce;
    await bus.close();
    expect(tries).toEqual([['E1'], ['E1']]);
    expect(errors).toEqual(['work event.notify (attempt 1): Error: database away']);
  });
});
