/**
 * At most one log line per `everyMs` for one kind of event that anyone on the network can cause
 * (refused connections, unknown IMEIs): `pass()` says whether to log this one, and with how many
 * were left unlogged since the last line (`suppressed`), so the log keeps the count without
 * keeping every line.
 */
export function createLogThrottle(everyMs: number, clock: () => number = () => performance.now()) {
  let loggedAt = -Infinity;
  let suppressed = 0;
  return {
    /** The number of events suppressed since the last line if this one is to be logged, else null. */
    pass(): number | null {
      const nowMs = clock();
      if (nowMs - loggedAt < everyMs) {
        suppressed++;
        return null;
      }
      loggedAt = nowMs;
      const n = suppressed;
      suppressed = 0;
      return n;
    },
  };
}
export type LogThrottle = ReturnType<typeof createLogThrottle>;
