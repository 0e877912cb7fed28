import type { RunningJejak } from '../../apps/server/src/app.ts';

/**
 * What the gateway and pipeline log about trouble, seen from the fuzzer. The counters say how
 * many frames were bad, not why: a decoder that throws is caught by the gateway and counted as a
 * bad frame like any other (`internal: …`), and a failed commit is counted by the connections it
 * closed, not by its error. So the run listens to the server's logger (warn and error, whatever its level) for
 * the duration of the run and hands each such line to `onLine`.
 */
export interface ServerLogLine {
  level: 'warn' | 'error';
  msg: string;
  fields: Record<string, unknown>;
}

type LogFn = (...args: unknown[]) => void;

export function tapServerLog(app: RunningJejak, onLine: (line: ServerLogLine) => void): () => void {
  const log = app.log as unknown as Record<'warn' | 'error', LogFn>;
  const originals = { warn: log.warn, error: log.error };
  for (const level of ['warn', 'error'] as const) {
    const original = originals[level];
    log[level] = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
      const msg = typeof second === 'string' ? second : typeof first === 'string' ? first : '';
      onLine({ level, msg, fields });
      original.apply(this, args);
    };
  }
  return () => {
    log.warn = originals.warn;
    log.error = originals.error;
  };
}
