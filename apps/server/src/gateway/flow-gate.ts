import type { GatewayCounters } from './counters.ts';

export interface FlowLimits {
  /** Frames read from all TCP connections but not yet answered. */
  maxUnanswered: number;
  /** Open TCP connections. */
  maxConnections: number;
}

/** Why a new connection is closed before anything is read from it. */
export type Refusal = 'busy' | 'full';

/**
 * The process-wide limits shared by every TCP listener.
 *
 * Frames read but not yet answered: past `maxUnanswered` every connection stops reading until
 * the backlog has fallen to half, so a crowd of short connections (each under its own limit)
 * cannot fill memory, and trackers behind the kernel's TCP window wait instead of being lost
 * (DESIGN §1: nothing is dropped that was not acknowledged).
 *
 * Connections: a connection that stopped reading does not see its peer hang up either, so it
 * keeps its file descriptor until it is read again. New connections are therefore refused —
 * closed before a byte of them is read, so nothing of theirs was taken — while the backlog is
 * over its limit ('busy': it would stop reading at once) and while `maxConnections` are open
 * ('full'), so the process never runs out of file descriptors. A refused tracker connects again.
 *
 * Both counts are the gateway gauges `tcpUnanswered` and `connections`, kept here only.
 */
export function createFlowGate(limits: FlowLimits, gauges: Pick<GatewayCounters, 'tcpUnanswered' | 'connections'>) {
  const waiting = new Set<() => void>();
  return {
    /** True while the backlog is at or over the limit: do not read more. */
    get shut(): boolean {
      return gauges.tcpUnanswered >= limits.maxUnanswered;
    },
    taken(): void {
      gauges.tcpUnanswered++;
    },
    answered(): void {
      gauges.tcpUnanswered--;
      if (gauges.tcpUnanswered > limits.maxUnanswered / 2 || waiting.size === 0) return;
      const resume = [...waiting];
      waiting.clear();
      for (const f of resume) f();
    },
    /** Calls `resume` once the backlog has fallen to half; returns a function that cancels it. */
    whenOpen(resume: () => void): () => void {
      waiting.add(resume);
      return () => waiting.delete(resume);
    },
    /** Takes a new connection (null), or says why it must be closed unread. */
    admit(): Refusal | null {
      if (gauges.connections >= limits.maxConnections) return 'full';
      if (gauges.tcpUnanswered >= limits.maxUnanswered) return 'busy';
      gauges.connections++;
      return null;
    },
    /** An admitted connection closed. */
    released(): void {
      gauges.connections--;
    },
  };
}
export type FlowGate = ReturnType<typeof createFlowGate>;
