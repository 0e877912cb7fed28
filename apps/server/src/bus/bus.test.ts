import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './bus.ts';

type Notify = { dvid: string; items: never[] };
const work = (dvid: string): Notify => ({ dvid, items: [] });

function setUp(maxAttempts = 3) {
  const errors: string[] = [];
  const bus = createInProcessBus((err, context) => errors.push(`${context}: ${String(err)}`), {
    maxAttempts,
    retryDelayMs: 0,
  });
  return { bus, errors };
}

/** A promise and its resolve, for a handler that finishes when the test says so. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the in-process bus', () => {
  it('broadcasts to every subscriber; a throwing one is reported and the others still hear', () => {
    const { bus, errors } = setUp();
    const heard: string[] = [];
    bus.subscribe('vehicle.changed', () => {
      throw new Error('boom');
    });
    const stop = bus.subscribe('vehicle.changed', ({ dvids }) => heard.push(...dvids));
    bus.publish('vehicle.changed', { dvids: ['D1'] });
    stop();
    bus.publish('vehicle.changed', { dvids: ['D2'] });
    expect(heard).toEqual(['D1']);
    expect(errors).toEqual([
      'subscriber of vehicle.changed: Error: boom',
      'subscriber of vehicle.changed: Error: boom',
    ]);
  });

  it('hands each item to one of two workers, and keeps items enqueued before any worker', async () => {
    const { bus } = setUp();
    await bus.enqueue('event.notify', work('early'));
    const a: string[] = [];
    const b: string[] = [];
    bus.work('event.notify', async ({ dvid }) => void a.push(dvid));
    bus.work('event.notify', async ({ dvid }) => void b.push(dvid));
    for (const dvid of ['1', '2', '3', '4']) await bus.enqueue('event.notify', work(dvid));
    expect([...a, ...b].sort()).toEqual(['1', '2', '3', '4', 'early']);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
  });

  it('tries a failing item again up to its bound, reporting each failure', async () => {
    const { bus, errors } = setUp(3);
    let calls = 0;
    const failedThrice = gate();
    bus.work('event.notify', async () => {
      calls += 1;
      if (calls === 3) failedThrice.open();
      throw new Error('database away');
    });
    await bus.enqueue('event.notify', work('D'));
    await failedThrice.opened;
    await bus.close();
    expect(calls).toBe(3);
    expect(errors).toEqual([
      'work event.notify (attempt 1): Error: database away',
      'work event.notify (attempt 2): Error: database away',
      'work event.notify (attempt 3, given up): Error: database away',
    ]);
  });

  it('succeeds on a later attempt without reporting it given up', async () => {
    const { bus, errors } = setUp(3);
    const done = gate();
    let calls = 0;
    bus.work('escalation.step', async () => {
      calls += 1;
      if (calls === 1) throw new Error('once');
      done.open();
    });
    await bus.enqueue('escalation.step', { evids: ['E1'] });
    await done.opened;
    expect(errors).toEqual(['work escalation.step (attempt 1): Error: once']);
  });

  it('closes after the handlers under way, and then accepts no work', async () => {
    const { bus } = setUp();
    const release = gate();
    const started = gate();
    let finished = false;
    bus.work('event.notify', async () => {
      started.open();
      await release.opened;
      finished = true;
    });
    await bus.enqueue('event.notify', work('D'));
    await started.opened;
    const closing = bus.close();
    release.open();
    await closing;
    expect(finished).toBe(true);
    await expect(bus.enqueue('event.notify', work('late'))).rejects.toThrow(/closed/);
  });
});
