import { describe, expect, it } from 'vitest';
import { coalesceReads, shareInFlight } from './coalesce.ts';

/** A readMany that records each call's keys and answers when told to. */
function controlledReads() {
  const calls: string[][] = [];
  const pending: { keys: string[]; answer: (fail?: Error) => void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      calls.push(keys);
      pending.push({
        keys,
        answer: (fail) =>
          fail ? reject(fail) : resolve(new Map(keys.filter((k) => k !== 'missing').map((k) => [k, `value of ${k}`]))),
      });
    });
  const settle = async (fail?: Error) => {
    await new Promise((r) => setImmediate(r));
    const next = pending.shift();
    if (!next) throw new Error('no read in flight');
    next.answer(fail);
  };
  return { calls, readMany, settle, inFlight: () => pending.length };
}

describe('coalesced reads', () => {
  it('reads keys asked for in the same turn together, and a key asked twice once', async () => {
    const r = controlledReads();
    const read = coalesceReads(r.readMany);
    const asked = Promise.all(['a', 'b', 'a', 'missing'].map(read));
    await r.settle();
    expect(await asked).toEqual(['value of a', 'value of b', 'value of a', undefined]);
    expect(r.calls).toEqual([['a', 'b', 'missing']]);
  });

  it('gathers the keys asked for while a read runs into the next read, and splits reads at `max`', async () => {
    const r = controlledReads();
    const read = coalesceReads(r.readMany, 2);
    const first = read('a');
    await new Promise((res) => setImmediate(res));
    expect(r.calls).toEqual([['a']]);
    const later = Promise.all(['b', 'c', 'd'].map(read));
    await new Promise((res) => setImmediate(res));
    expect(r.inFlight()).toBe(1); // b, c and d wait for a's read
    await r.settle();
    expect(await first).toBe('value of a');
    await r.settle();
    await r.settle();
    expect(await later).toEqual(['value of b', 'value of c', 'value of d']);
    expect(r.calls).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('fails the keys of a failed read only; the next keys are read afresh', async () => {
    const r = controlledReads();
    const read = coalesceReads(r.readMany);
    const failed = Promise.allSettled(['a', 'b'].map(read));
    await new Promise((res) => setImmediate(res));
    const next = read('c');
    await r.settle(new Error('connection lost'));
    expect((await failed).map((s) => s.status === 'rejected' && String(s.reason))).toEqual([
      'Error: connection lost',
      'Error: connection lost',
    ]);
    await r.settle();
    expect(await next).toBe('value of c');
    expect(await Promise.all([read('a'), r.settle()])).toEqual(['value of a', undefined]);
  });
});

describe('shareInFlight', () => {
  it('gives callers of a key one running read, and reads again once it settled', async () => {
    const started: string[] = [];
    const finish = new Map<string, (v: number) => void>();
    const read = shareInFlight(
      (key: string) =>
        new Promise<number>((resolve) => {
          started.push(key);
          finish.set(key, resolve);
        }),
    );
    const a1 = read('a');
    const a2 = read('a');
    const b = read('b');
    expect(started).toEqual(['a', 'b']);
    finish.get('a')?.(1);
    finish.get('b')?.(2);
    expect(await Promise.all([a1, a2, b])).toEqual([1, 1, 2]);
    const again = read('a');
    expect(started).toEqual(['a', 'b', 'a']);
    finish.get('a')?.(3);
    expect(await again).toBe(3);
  });
});
