/**
 * Runs `run` now, then again after changes reported through `subscribe`, at most once per
 * `intervalMs`: a burst of live updates costs one redraw, and the last change of a burst is
 * never lost. Returns the unsubscribe function, which also cancels a pending run.
 */
export function subscribeThrottled(
  subscribe: (listener: () => void) => () => void,
  run: () => void,
  intervalMs: number,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = 0;
  const runNow = () => {
    timer = null;
    lastRun = performance.now();
    run();
  };
  const schedule = () => {
    if (timer !== null) return;
    timer = setTimeout(runNow, Math.max(0, lastRun + intervalMs - performance.now()));
  };
  runNow();
  const unsubscribe = subscribe(schedule);
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
