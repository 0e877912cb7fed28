import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeThrottled } from './throttled.ts';

function emitter() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: () => listeners.forEach((listener) => listener()),
    size: () => listeners.size,
  };
}

describe('subscribeThrottled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then at most once per interval, and runs after the last change of a burst', () => {
    const source = emitter();
    const run = vi.fn();
    subscribeThrottled(source.subscribe, run, 250);
    expect(run).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 100; i++) source.emit();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(249);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);

    // 20 changes a second for 2 s: no more than 4 runs a second.
    for (let t = 0; t < 2000; t += 50) {
      source.emit();
      vi.advanceTimersByTime(50);
    }
    expect(run.mock.calls.length - 2).toBeLessThanOrEqual(8);
    expect(run.mock.calls.length - 2).toBeGreaterThanOrEqual(7);
  });

  it('runs without delay when the last run is longer ago than the interval', () => {
    const source = emitter();
    const run = vi.fn();
    subscribeThrottled(source.subscribe, run, 250);
    vi.advanceTimersByTime(1000);
    source.emit();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('unsubscribes and cancels a pending run', () => {
    const source = emitter();
    const run = vi.fn();
    const stop = subscribeThrottled(source.subscribe, run, 250);
    source.emit();
    stop();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(source.size()).toBe(0);
  });
});
