/** Fixed-window counter per key, in memory (one API node; NATS-backed later when scaled out). */
export function createRateLimiter(maxPerWindow: number, windowMs: number, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    return w && now() - w.start < windowMs ? w : undefined;
  };
  return {
    /** Counts one attempt; false when the key is over its limit in the current window. */
    hit(key: string): boolean {
      const w = live(key);
      if (!w) {
        windows.set(key, { start: now(), count: 1 });
        if (windows.size > 100_000) this.prune();
        return true;
      }
      w.count += 1;
      return w.count <= maxPerWindow;
    },
    /** Whether the key has used its allowance in the current window (counts nothing). */
    spent(key: string): boolean {
      return (live(key)?.count ?? 0) >= maxPerWindow;
    },
    forget(key: string): void {
      windows.delete(key);
    },
    prune(): void {
      const t = now();
      for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
    },
  };
}
