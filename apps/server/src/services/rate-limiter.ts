/** Fixed-window counter per key, in memory (one API node; NATS-backed later when scaled out). */
export function createRateLimiter(maxPerWindow: number, windowMs: number, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one attempt; false when the key is over its limit in the current window. */
    hit(key: string): boolean {
      const t = now();
      const w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        windows.set(key, { start: t, count: 1 });
        if (windows.size > 100_000) this.prune();
        return true;
      }
      w.count += 1;
      return w.count <= maxPerWindow;
    },
    prune(): void {
      const t = now();
      for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
    },
  };
}
