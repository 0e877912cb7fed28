/**
 * Work of many keys (users) with at most `concurrency` tasks running over all of them and one at
 * a time per key; a key's next task goes behind every other key that waits (round robin). So one
 * user who floods the live channel waits behind its own work, and another user's waits for at most
 * one task of each user ahead of it (ADR 0082).
 */
export function createFairQueue(concurrency: number) {
  const waiting = new Map<string, (() => void)[]>();
  /** Keys with waiting tasks and none running, in the order they are served (a Set keeps it). */
  const ready = new Set<string>();
  const busy = new Set<string>();

  function next(): void {
    while (busy.size < concurrency) {
      const [key] = ready;
      if (key === undefined) return;
      ready.delete(key);
      const tasks = waiting.get(key);
      const start = tasks?.shift();
      if (!tasks || !start) continue;
      if (tasks.length === 0) waiting.delete(key);
      busy.add(key);
      start();
    }
  }

  function done(key: string): void {
    busy.delete(key);
    if (waiting.has(key)) ready.add(key);
    next();
  }

  return {
    /** Runs `task` in `key`'s turn; resolves or rejects with it. */
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        const tasks = waiting.get(key);
        if (tasks) tasks.push(resolve);
        else waiting.set(key, [resolve]);
        if (!busy.has(key)) ready.add(key);
        next();
      });
      try {
        return await task();
      } finally {
        done(key);
      }
    },
  };
}
export type FairQueue = ReturnType<typeof createFairQueue>;
