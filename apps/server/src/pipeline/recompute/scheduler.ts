import { StaleOwnerError } from '../../storage/ingest/rows.ts';
import type { HeldState } from '../types.ts';

export interface RecomputeSchedulerOptions {
  /** Late data: the window it fell into is rewritten once the device has sent none for this long. */
  delayMs: number;
  /** Runs the device's recompute, in its ordered chain. */
  run: (dvid: string) => Promise<void>;
  /** The store refused the recompute's rewrite: another node owns these devices now (ADR 0061). */
  refused: (dvids: readonly string[]) => void;
  onError: (err: unknown, context: string) => void;
}

/**
 * When the recomputes of late data run (DESIGN §1, ADR 0025): a device's once its burst of late
 * fixes is over, or at once when one was pending in the store (after a restart, on the node the
 * device moved to). Recomputes run one at a time, each entering its device's chain only when its
 * turn comes: when every tracker uploads its memory at once (after an outage, or a restart), the
 * store's connections stay free for live data, and each device's live messages wait only for its
 * own recompute, not for the queue.
 */
export function createRecomputeScheduler(opts: RecomputeSchedulerOptions) {
  const lateTimers = new Map<string, NodeJS.Timeout>();
  /** Devices whose recompute is due or running: its own load of the state schedules no other. */
  const recomputing = new Set<string>();
  let queue: Promise<void> = Promise.resolve();
  /** Set when shutdown begins: no recompute starts after it (the store keeps them pending). */
  let stopping = false;

  /** Late fixes come in bursts (a memory upload): recompute once the burst is over. */
  function schedule(dvid: string): void {
    clearTimeout(lateTimers.get(dvid));
    lateTimers.set(
      dvid,
      setTimeout(() => {
        lateTimers.delete(dvid);
        recomputing.add(dvid);
        queue = queue.then(async () => {
          // Released meanwhile (another node holds the device): it is that node's to run.
          if (!stopping && recomputing.has(dvid))
            await opts.run(dvid).catch((err: unknown) => {
              // Another node took the device over mid-replay: its window was not written, and the
              // device is let go of as after a refused batch; the new owner runs the recompute.
              if (err instanceof StaleOwnerError) opts.refused(err.dvids);
              else opts.onError(err, `recompute ${dvid}`);
            });
          recomputing.delete(dvid);
        });
      }, opts.delayMs),
    );
  }

  return {
    /**
     * A message of the device brought late data at `lateMs`: marked in its state (stored with the
     * late row, so a restart still runs the recompute), and its recompute scheduled.
     */
    late(state: HeldState, lateMs: number): void {
      state.lateSinceMs = Math.min(state.lateSinceMs ?? lateMs, lateMs);
      schedule(state.device.dvid);
    },

    /** Schedules the device's pending recompute unless it is already scheduled or under way. */
    resume(dvid: string): void {
      if (!lateTimers.has(dvid) && !recomputing.has(dvid)) schedule(dvid);
    },

    /** Another node holds the device now: its recompute is that node's. */
    cancel(dvid: string): void {
      clearTimeout(lateTimers.get(dvid));
      lateTimers.delete(dvid);
      recomputing.delete(dvid);
    },

    /** Resolves once the recomputes started so far are done. */
    idle(): Promise<void> {
      return queue;
    },

    /** Shutdown: recomputes not started yet stay pending in the store for the next start. */
    stop(): void {
      stopping = true;
      for (const t of lateTimers.values()) clearTimeout(t);
    },
  };
}
export type RecomputeScheduler = ReturnType<typeof createRecomputeScheduler>;
