import type { LiveServerMessage } from '@jejak/contract';

/** Live messages are handed to the store at most this often: one render and one map update per batch. */
export const LIVE_BATCH_MS = 100;

export interface LiveBatcher {
  /** Queues a message; the queue is flushed `intervalMs` after the first message of a batch. */
  push: (message: LiveServerMessage) => void;
  /** Hands the queue over now (nothing is waiting afterwards). */
  flush: () => void;
  /** Drops the queue and any pending flush (the channel closed). */
  cancel: () => void;
}

/**
 * Collects the live channel's messages and hands them to `applyBatch` in arrival order, once per
 * `intervalMs` while they keep coming: thousands of messages a second cost a few store updates,
 * and none is lost or reordered.
 */
export function createLiveBatcher(
  applyBatch: (messages: readonly LiveServerMessage[]) => void,
  intervalMs = LIVE_BATCH_MS,
): LiveBatcher {
  let queue: LiveServerMessage[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    applyBatch(batch);
  };
  return {
    push: (message) => {
      queue.push(message);
      timer ??= setTimeout(flush, intervalMs);
    },
    flush,
    cancel: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue = [];
    },
  };
}
