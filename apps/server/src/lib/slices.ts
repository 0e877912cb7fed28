/** Lets timers and I/O that are due run first (setImmediate comes after the loop's I/O phase). */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Calls `fn` on every item, handing the event loop back after each `size` of them: a long list
 * (a subscribe of 50,000 ids) never holds other requests and acknowledgements for its whole
 * length (ADR 0082).
 */
export async function forEachSliced<T>(items: Iterable<T>, size: number, fn: (item: T) => void): Promise<void> {
  let n = 0;
  for (const item of items) {
    fn(item);
    if (++n % size === 0) await yieldToLoop();
  }
}
