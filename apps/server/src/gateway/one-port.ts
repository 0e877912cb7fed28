import type { Transport } from '@jejak/protocols';
import type { RunningListener } from './tcp-gateway.ts';

/** How often an OS-picked port is tried again when another transport of it is taken. */
const PICK_ATTEMPTS = 8;

/**
 * Starts every transport of a protocol on one port number. With port 0 the first transport gets
 * the number from the OS and the others take it; if one of them finds it taken (another process's
 * UDP socket on the number the OS gave our TCP listener, say), all are closed and a new number is
 * picked. A configured port is never changed: a clash there is the operator's to fix.
 */
export async function listenOnOnePort(
  transports: readonly Transport[],
  configured: number,
  start: (transport: Transport, port: number) => Promise<RunningListener>,
): Promise<RunningListener[]> {
  for (let attempt = 1; ; attempt++) {
    const started: RunningListener[] = [];
    try {
      let port = configured;
      for (const transport of transports) {
        const listener = await start(transport, port);
        started.push(listener);
        port = listener.port;
      }
      return started;
    } catch (err) {
      await Promise.all(started.map((l) => l.close()));
      const taken = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (configured !== 0 || !taken || started.length === 0 || attempt >= PICK_ATTEMPTS) throw err;
    }
  }
}
