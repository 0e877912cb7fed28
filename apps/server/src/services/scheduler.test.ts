import { describe, expect, it } from 'vitest';
import { createScheduler } from './scheduler.ts';

function setup() {
  let clock = 1_000_000;
  const errors: string[] = [];
  const scheduler = createScheduler({ now: () => clock, tickMs: 60_000, onError: (_e, job) => errors.push(job) });
  return { scheduler, errors, advance: (ms: number) => (clock += ms) };
}

describe('scheduler (injected clock)', () => {
  it('runs a job at once, then each time its interval has passed', async () => {
    const { scheduler, advance } = setup();
    let runs = 0;
    scheduler.add({ name: 'count', everyMs: 1_000, run: async () => void runs++ });
    await scheduler.runDue();
    expect(runs).toBe(1);
    advance(999);
    await scheduler.runDue();
    expect(runs).toBe(1);
    advance(1);
    await scheduler.runDue();
    expect(runs).toBe(2);
    advance(10_000);
    await scheduler.runDue();
    expect(runs).toBe(3);
  });

  it('never runs a job twice at once', async () => {
    const { scheduler, advance } = setup();
    let release = () => {};
    let started = 0;
    scheduler.add({
      name: 'slow',
      everyMs: 1,
      run: () => {
        started++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    const first = scheduler.runDue();
    advance(10);
    await scheduler.runDue();
    expect(started).toBe(1);
    release();
    await first;
    const second = scheduler.runDue();
    expect(started).toBe(2);
    release();
    await second;
    await scheduler.stop();
  });

  it('reports a failing job and keeps running it', async () => {
    const { scheduler, errors, advance } = setup();
    let calls = 0;
    scheduler.add({
      name: 'flaky',
      everyMs: 5,
      run: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    await scheduler.runDue();
    advance(5);
    await scheduler.runDue();
    expect(calls).toBe(2);
    expect(errors).toEqual(['flaky', 'flaky']);
  });
});
