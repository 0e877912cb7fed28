import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { limitRowKey } from '../storage/repos/accounts/limit-counters.ts';

/** What the store needs of the shared counters (storage/repos/accounts/limit-counters.ts). */
export interface SharedCounters {
  hit(key: string, windowMs: number, nowMs: number): Promise<{ hits: number; resetsAt: number }>;
  read(key: string, nowMs: number): Promise<{ hits: number; resetsAt: number } | null>;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over counters in the database (ADR 0057), so that every API node
 * counts against one limit. The plugin takes a class: this makes one bound to the counters. Keys
 * already name their limit (http/limits.ts), so a route's child store is the same store.
 */
export function sharedRateLimitStore(
  counters: SharedCounters,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  const answer = (cb: Callback, count: { hits: number; resetsAt: number } | null, nowMs: number) =>
    cb(null, count ? { current: count.hits, ttl: Math.max(0, count.resetsAt - nowMs) } : { current: 0, ttl: 0 });

  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      const nowMs = now();
      counters.hit(limitRowKey(key), timeWindow, nowMs).then(
        (count) => answer(cb, count, nowMs),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** The non-counting read the plugin uses for `{ increment: false }`. */
    read(key: string, cb: Callback): void {
      const nowMs = now();
      counters.read(limitRowKey(key), nowMs).then(
        (count) => answer(cb, count, nowMs),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return SharedStore;
}
