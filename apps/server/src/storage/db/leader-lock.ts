import pg from 'pg';
import type { LeaderLock } from '../../services/leader.ts';

/** The scheduler's advisory-lock key: fixed, so every node of one database contends for the same one. */
export const SCHEDULER_LOCK_KEY = 0x4a656a616b01n;

export interface PostgresLeaderLockOptions {
  url: string;
  key?: bigint;
  /** Longest wait for the server's answer to a check before the lock counts as lost. */
  checkTimeoutMs: number;
  /**
   * The server ends a session idle this long (`idle_session_timeout`): a holder that stopped
   * checking (hung, cut off) loses the lock on the server's side too. Longer than the check and retry periods.
   */
  idleSessionMs: number;
  onError: (err: Error) => void;
}

/**
 * A session-level `pg_try_advisory_lock` on a dedicated connection (not from the pool: the lock
 * belongs to the session and must live exactly as long as it). When the holder's process dies or
 * its connection drops, the server ends the session and releases the lock.
 */
export function createPostgresLeaderLock(opts: PostgresLeaderLockOptions): LeaderLock {
  const key = (opts.key ?? SCHEDULER_LOCK_KEY).toString();
  let candidate: pg.Client | null = null;
  let ended: Promise<Error> | null = null;

  async function connect(): Promise<{ client: pg.Client; ended: Promise<Error> }> {
    const client = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: opts.checkTimeoutMs,
      connectionTimeoutMillis: opts.checkTimeoutMs * 5,
      query_timeout: opts.checkTimeoutMs,
      application_name: 'jejak-leader',
    });
    const gone = new Promise<Error>((resolve) => {
      // Without an error listener a terminated backend would take the process down.
      client.on('error', (err) => resolve(err));
      client.on('end', () => resolve(new Error('leader connection ended')));
    });
    try {
      await client.connect();
      await client.query(`set idle_session_timeout = ${Math.round(opts.idleSessionMs)}`);
    } catch (err) {
      await drop(client);
      throw err;
    }
    return { client, ended: gone };
  }

  return {
    async acquire() {
      if (!candidate || !ended) ({ client: candidate, ended } = await connect());
      const client = candidate;
      const lost = ended;
      let held: boolean;
      try {
        const r = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1::bigint) as held', [key]);
        held = r.rows[0]?.held === true;
      } catch (err) {
        candidate = ended = null;
        await drop(client);
        throw err;
      }
      if (!held) return null;
      // The connection now belongs to the held lock; the next candidacy opens its own.
      candidate = ended = null;
      return {
        lost,
        async check() {
          await client.query('select 1');
        },
        release: () => drop(client),
      };
    },
    async close() {
      const client = candidate;
      candidate = ended = null;
      if (client) await drop(client);
    },
  };

  /** Closes the connection; a dead one is torn down rather than waited on. */
  async function drop(client: pg.Client): Promise<void> {
    const timer = setTimeout(() => forceClose(client), opts.checkTimeoutMs);
    try {
      await client.end();
    } catch (err) {
      opts.onError(err as Error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The socket under a pg client, which its typings do not show. */
function forceClose(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** The embedded database has one process: it always holds the lock. */
export function embeddedLeaderLock(): LeaderLock {
  return {
    acquire: () =>
      Promise.resolve({
        lost: new Promise<Error>(() => {}),
        check: () => Promise.resolve(),
        release: () => Promise.resolve(),
      }),
    close: () => Promise.resolve(),
  };
}
