import type { LiveServerMessage } from '@jejak/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveBatcher } from './live-batcher.ts';

const subscribed = (n: number): LiveServerMessage => ({
  mode: 'subscribed',
  id: `s${n}`,
  item: { ids: [], rejected: n },
});

describe('createLiveBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands a burst over once, in arrival order, after the interval', () => {
    const batches: LiveServerMessage[][] = [];
    const batcher = createLiveBatcher((m) => batches.push([...m]), 100);
    for (let n = 0; n < 2000; n++) batcher.push(subscribed(n));
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(99);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((m) => m.id)).toEqual(Array.from({ length: 2000 }, (_, n) => `s${n}`));
  });

  it('starts a new batch for what arrives after a flush; loses nothing', () => {
    const seen: string[] = [];
    const calls = vi.fn((m: readonly LiveServerMessage[]) => seen.push(...m.map((x) => x.id)));
    const batcher = createLiveBatcher(calls, 100);
    batcher.push(subscribed(1));
    vi.advanceTimersByTime(100);
    batcher.push(subscribed(2));
    batcher.push(subscribed(3));
    batcher.flush();
    vi.advanceTimersByTime(500);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(seen).toEqual(['s1', 's2', 's3']);
  });

  it('drops the queue when cancelled', () => {
    const calls = vi.fn();
    const batcher = createLiveBatcher(calls, 100);
    batcher.push(subscribed(1));
    batcher.cancel();
    vi.advanceTimersByTime(1000);
    batcher.flush();
    expect(calls).not.toHaveBeenCalled();
  });
});
