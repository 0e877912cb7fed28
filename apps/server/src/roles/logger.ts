import { pino, type Logger } from 'pino';

/** The one log of a process: main.ts makes it first, Fastify and every role write to it. */
export type ProcessLogger = Logger;

/**
 * JSON lines on standard output, written as pino does by default (buffered, flushed when the
 * process exits); `fatal`, the lines of a process that stops (invalid configuration, a failed
 * start), on standard error, where an operator looks when it will not start, written at once so
 * the line is out before `process.exit`. `level` may change later (`log.level = …`), once the
 * configuration has been read.
 */
export function createProcessLogger(level = 'info'): ProcessLogger {
  const streams = pino.multistream(
    [
      { level: 'trace', stream: pino.destination({ dest: 1, sync: false }) },
      { level: 'fatal', stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
  return pino(
    {
      level,
      // Secrets never reach the log: cookies, auth headers and passwords are redacted.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
    },
    streams,
  );
}
