interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Turns a read of many keys into reads of one key each, coalesced: keys asked for in the same
 * turn of the event loop, or while a read is running, are read together by one call of
 * `readMany` (at most `max` keys a call). When a thousand trackers connect at once, PGlite (one
 * connection, one query at a time) then runs a few queries, not thousands queued ahead of the
 * commits of live data. A key resolves with what `readMany` found for it, or undefined; if
 * `readMany` fails, every key of that call rejects with its error.
 */
export function coalesceReads<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  max = 1000,
): (key: K) => Promise<V | undefined> {
  const waiting = new Map<K, Waiter<V>[]>();
  let scheduled = false;
  let reading = false;

  async function readAll(): Promise<void> {
    scheduled = false;
    reading = true;
    while (waiting.size > 0) {
      const round = [...waiting].slice(0, max);
      for (const [key] of round) waiting.delete(key);
      try {
        const found = await readMany(round.map(([key]) => key));
        for (const [key, waiters] of round) for (const w of waiters) w.resolve(found.get(key));
      } catch (err) {
        for (const [, waiters] of round) for (const w of waiters) w.reject(err);
      }
    }
    reading = false;
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (reading || scheduled) return;
      scheduled = true;
      setImmediate(() => void readAll());
    });
}

/**
 * Shares one running read per key: callers asking for a key while its read runs get that read's
 * answer; the next ask after it settled reads again (nothing is kept, so nothing goes stale).
 */
export function shareInFlight<K, V>(read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const running = new Map<K, Promise<V>>();
  return (key) => {
    let pending = running.get(key);
    if (!pending) {
      pending = read(key).finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  };
}
