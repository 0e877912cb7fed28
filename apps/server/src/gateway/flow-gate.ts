/**
 * Frames read from all TCP connections of the process but not yet answered. Past `max` every
 * connection stops reading until the backlog has fallen to half: a crowd of short connections
 * (each under its own limit) cannot fill memory either, and trackers behind the kernel's TCP
 * window wait instead of being lost (DESIGN §1: nothing is dropped that was not acknowledged).
 */
export function createFlowGate(max: number) {
  let unanswered = 0;
  const waiting = new Set<() => void>();
  return {
    get unanswered(): number {
      return unanswered;
    },
    /** True while the backlog is at or over the limit: do not read more. */
    get shut(): boolean {
      return unanswered >= max;
    },
    taken(): void {
      unanswered++;
    },
    answered(): void {
      unanswered--;
      if (unanswered > max / 2 || waiting.size === 0) return;
      const resume = [...waiting];
      waiting.clear();
      for (const f of resume) f();
    },
    /** Calls `resume` once the backlog has fallen to half; returns a function that cancels it. */
    whenOpen(resume: () => void): () => void {
      waiting.add(resume);
      return () => waiting.delete(resume);
    },
  };
}
export type FlowGate = ReturnType<typeof createFlowGate>;
