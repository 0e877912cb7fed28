/** How a throttled run may be put off further (the map's vehicles while the user pans, say). */
export interface ThrottleHold {
  /** How many more milliseconds a due run should wait (0 or less: run now). */
  holdMs: () => number;
  /** A run is never put off longer than this after it first fell due. */
  maxHoldMs: number;
}

/**
 * Runs `run` now, then again after changes reported through `subscribe`, at most once per
 * `intervalMs` (a number, or asked afresh at each change): a burst of live updates costs one
 * redraw, and the last change of a burst is never lost. With `hold`, a due run waits while
 * `hold.holdMs()` asks it to, but never longer than `hold.maxHoldMs`. Returns the unsubscribe
 * function, which also cancels a pending run.
 */
export function subscribeThrottled(
  subscribe: (listener: () => void) => () => void,
  run: () => void,
  intervalMs: number | (() => number),
  hold?: ThrottleHold,
): () => void {
  const interval = typeof intervalMs === 'number' ? () => intervalMs : intervalMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = 0;
  /** When the pending run first fell due (null: none is due yet). */
  let dueAt: number | null = null;
  const runNow = () => {
    timer = null;
    const now = performance.now();
    if (hold && dueAt !== null) {
      const wait = Math.min(hold.holdMs(), dueAt + hold.maxHoldMs - now);
      if (wait > 0) {
        timer = setTimeout(runNow, wait);
        return;
      }
    }
    dueAt = null;
    lastRun = now;
    run();
  };
  const schedule = () => {
    if (timer !== null) return;
    const due = Math.max(lastRun + interval(), performance.now());
    dueAt = due;
    timer = setTimeout(runNow, due - performance.now());
  };
  runNow();
  const unsubscribe = subscribe(schedule);
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
