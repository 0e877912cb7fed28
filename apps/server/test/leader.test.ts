import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { exited, waitFor } from '../../../tools/server-process.ts';
import { createLeadership, type Leadership } from '../src/services/leader.ts';
import { createScheduler } from '../src/services/scheduler.ts';
import { createPostgresLeaderLock, SCHEDULER_LOCK_KEY } from '../src/storage/db/leader-lock.ts';
import { postgresAvailable, PG_ADMIN_URL } from './harness.ts';

/**
 * One scheduler elected by a PostgreSQL advisory lock (issue 15 item 4, ADR 0057), on a real
 * server: the lock's session ends (closed, terminated, process killed) and another candidate
 * leads within a bound; a leader whose session ended stops.
 */
const CHILD = fileURLToPath(new URL('./leader-child.ts', import.meta.url));
/** The bound on a takeover: the candidates retry every 50 ms, so this is generous. */
const TAKEOVER_MS = 10_000;

describe.runIf(await postgresAvailable())('scheduler leader (PostgreSQL advisory lock)', () => {
  let url = '';
  let drop: (() => Promise<void>) | null = null;
  let admin: pg.Client;
  const open: Leadership[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    ({ url, drop } = await createScratchPostgres(PG_ADMIN_URL, 'jejak_leader'));
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((l) => l.close()));
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
  afterAll(async () => {
    await admin?.end();
    await drop?.();
  });

  function candidate(name: string, events: string[], work?: { start(): void; stop(): Promise<void> }) {
    const errors: string[] = [];
    const leadership = createLeadership({
      lock: createPostgresLeaderLock({ url, checkTimeoutMs: 1_000, idleSessionMs: 5_000, onError: () => {} }),
      retryMs: 50,
      checkMs: 100,
      onElected: () => {
        events.push(`${name} elected`);
        work?.start();
      },
      onLost: async () => {
        events.push(`${name} lost`);
        await work?.stop();
      },
      onError: (_err, context) => errors.push(context),
    });
    open.push(leadership);
    return { leadership, errors };
  }

  /** The backend holding the scheduler's lock, if any. */
  async function holderPid(): Promise<number | null> {
    const key = SCHEDULER_LOCK_KEY;
    const r = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and granted and database = (
         select oid from pg_database where datname = current_database())
       and classid = $1 and objid = $2 and objsubid = 1`,
      [Number(key >> 32n), Number(key & 0xffffffffn)],
    );
    return r.rows[0]?.pid ?? null;
  }

  /** Whether a session other than the holder's last asked for the lock (and so was refused). */
  async function refusedCandidate(): Promise<boolean> {
    const r = await admin.query(
      `select 1 from pg_stat_activity where application_name = 'jejak-leader' and state = 'idle'
         and query like 'select pg_try_advisory_lock%' and pid <> coalesce($1, 0)`,
      [await holderPid()],
    );
    return (r.rowCount ?? 0) > 0;
  }

  const leaders = (...all: Leadership[]) => all.filter((l) => l.isLeader()).length;

  it('elects one of two candidates; the other takes over when the leader closes', async () => {
    const events: string[] = [];
    const a = candidate('a', events).leadership;
    const b = candidate('b', events).leadership;
    await waitFor(() => leaders(a, b) === 1, TAKEOVER_MS, 'a leader');
    const [first, second] = a.isLeader() ? [a, b] : [b, a];
    expect(await holderPid()).not.toBeNull();

    await first.close();
    expect(first.isLeader()).toBe(false);
    await waitFor(() => second.isLeader(), TAKEOVER_MS, 'the other candidate to lead');
    expect(leaders(a, b)).toBe(1);
    // A closing leader stops its work before it lets the lock go.
    expect(events.map((e) => e.slice(2))).toEqual(['elected', 'lost', 'elected']);
  });

  it('a leader whose session is terminated stops, and the other leads', async () => {
    const events: string[] = [];
    const a = candidate('a', events);
    await waitFor(() => a.leadership.isLeader(), TAKEOVER_MS, 'a to lead');
    const b = candidate('b', events);

    const pid = await holderPid();
    expect(pid).not.toBeNull();
    await admin.query('select pg_terminate_backend($1)', [pid]);

    await waitFor(() => b.leadership.isLeader(), TAKEOVER_MS, 'b to lead');
    expect(a.leadership.isLeader()).toBe(false);
    expect(events.slice(0, 2)).toEqual(['a elected', 'a lost']);
    expect(events).toContain('b elected');
    expect(a.errors).toContain('leader lock lost');
  });

  it('runs the scheduler only while leading: the jobs move to the new leader', async () => {
    const runs = { a: 0, b: 0 };
    const events: string[] = [];
    const scheduler = (name: 'a' | 'b') => {
      const s = createScheduler({ now: () => Date.now(), tickMs: 20, onError: () => {} });
      s.add({ name: 'count', everyMs: 20, run: async () => void runs[name]++ });
      return s;
    };
    const a = candidate('a', events, scheduler('a'));
    await waitFor(() => runs.a > 0, TAKEOVER_MS, "a's scheduler to run");
    const b = candidate('b', events, scheduler('b'));

    await admin.query('select pg_terminate_backend($1)', [await holderPid()]);
    await waitFor(() => b.leadership.isLeader() && runs.b > 0, TAKEOVER_MS, "b's scheduler to run");
    // a stopped its scheduler (onLost waited for its running job): it runs no more.
    await waitFor(() => events.includes('a lost'), TAKEOVER_MS, 'a to step down');
    const aRuns = runs.a;
    const bRuns = runs.b;
    await waitFor(() => runs.b > bRuns + 3, TAKEOVER_MS, 'b to run its job a few more times');
    expect(runs.a).toBe(aRuns);
    expect(a.leadership.isLeader()).toBe(false);
  });

  it('takes over from a leader process killed with SIGKILL', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitFor(() => output.includes('elected'), 30_000, 'the child process to lead');

    const events: string[] = [];
    const b = candidate('b', events).leadership;
    // b asked for the lock and was refused: it is the child's.
    await waitFor(refusedCandidate, TAKEOVER_MS, 'b to ask for the lock');
    expect(b.isLeader()).toBe(false);

    child.kill('SIGKILL');
    await exited(child);
    await waitFor(() => b.isLeader(), TAKEOVER_MS, 'b to take over from the killed process');
    expect(output).not.toContain('lost');
  });
});
