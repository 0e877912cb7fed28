/**
 * The drain loop of a claimed queue (ADR 0047), shared by notification and webhook deliveries:
 * claims a batch, attempts each, until nothing is due. `drain` runs one loop at a time (a call
 * while one runs asks it to look again); `kick` starts one without waiting.
 */
export function createClaimLoop<T>(deps: {
  claim: () => Promise<readonly T[]>;
  attempt: (item: T) => Promise<void>;
  onError: (err: unknown, context: string) => void;
  context: string;
}) {
  let running: Promise<void> | null = null;
  let again = false;

  async function loop(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const batch = await deps.claim();
        if (batch.length === 0) break;
        const settled = await Promise.allSettled(batch.map(deps.attempt));
        // A failure to record one attempt leaves its lease to run out; the others go on.
        for (const s of settled) if (s.status === 'rejected') deps.onError(s.reason, deps.context);
      }
    } while (again);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    drain,
    kick(): void {
      drain().catch((err: unknown) => deps.onError(err, deps.context));
    },
  };
}
