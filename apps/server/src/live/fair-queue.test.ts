import { describe, expect, it } from 'vitest';
import { createFairQueue } from './fair-queue.ts';

/** A task that runs until `finish` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish = () => {};
  const task = () =>
    new Promise<string>((resolve) => {
      log.push(name);
      finish = () => resolve(name);
    });
  return { task, finish: () => finish() };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('fair queue', () => {
  it('runs one task per key at a time, and serves keys in turn', async () => {
    const queue = createFairQueue(1);
    const log: string[] = [];
    const flood = Array.from({ length: 4 }, (_, i) => gate(log, `flood${i}`));
    const other = gate(log, 'other');
    const done = [...flood.map((g) => queue.run('flooder', g.task)), queue.run('other', other.task)];
    await settle();
    expect(log).toEqual(['flood0']);
    flood[0]?.finish();
    await settle();
    // The other user waits for one of the flooder's tasks, not all four.
    expect(log).toEqual(['flood0', 'other']);
    other.finish();
    for (const g of flood.slice(1)) {
      await settle();
      g.finish();
    }
    expect(await Promise.all(done)).toEqual(['flood0', 'flood1', 'flood2', 'flood3', 'other']);
  });

  it('runs up to its concurrency over different keys, never two of one key', async () => {
    const queue = createFairQueue(2);
    const log: string[] = [];
    const [a1, a2, b1] = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'b1')];
    const done = [queue.run('a', a1.task), queue.run('a', a2.task), queue.run('b', b1.task)];
    await settle();
    expect(log).toEqual(['a1', 'b1']);
    a1.finish();
    await settle();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    a2.finish();
    b1.finish();
    await Promise.all(done);
  });

  it('passes a failure to its caller and goes on', async () => {
    const queue = createFairQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('a', () => Promise.resolve('next'))).toBe('next');
  });
});
