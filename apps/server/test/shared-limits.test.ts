import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { installErrorHandler } from '../src/http/errors.ts';
import { registerLimits, type LimitSettings } from '../src/http/limits.ts';
import { sharedRateLimitStore } from '../src/http/shared-rate-limit-store.ts';
import { LOGIN_BACKOFF_BOUNDS } from '../src/services/accounts/login-backoff.ts';
import { createSharedLoginBackoff, sharedLimitsCleanupJob } from '../src/services/accounts/shared-limits.ts';
import { openPostgres, type DatabaseHandle } from '../src/storage/db/database.ts';
import { createLimitCounters, limitRowKey } from '../src/storage/repos/accounts/limit-counters.ts';
import { createLoginBackoffRepo } from '../src/storage/repos/accounts/login-backoff-repo.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { postgresAvailable, PG_ADMIN_URL } from './harness.ts';

/**
 * Sign-in limits shared across API nodes (issue 15 item 2, ADR 0057): two HTTP servers, each with
 * its own connection pool (two "nodes"), on one PostgreSQL database count against one limit.
 */
const PER_MINUTE = 3;

describe.runIf(await postgresAvailable())('sign-in limits shared across API nodes', () => {
  let drop: (() => Promise<void>) | null = null;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let clock = Date.now();
  const now = () => clock;
  let nodes: string[] = [];

  /** An API node: its own pool, the limits of the sign-in call, and a sign-in that always passes. */
  async function apiNode(url: string, shared: boolean): Promise<string> {
    const handle = await openPostgres(url, 2, () => {});
    handles.push(handle);
    const app = Fastify();
    apps.push(app);
    installErrorHandler(app);
    const settings: LimitSettings = { loginMaxPerMinute: PER_MINUTE, apiTokenMaxPerMinute: PER_MINUTE };
    if (shared) settings.store = sharedRateLimitStore(createLimitCounters(handle.db), now);
    const limits = await registerLimits(app, settings);
    app.post('/login', { preHandler: limits.login }, async () => ({ ok: true }));
    return app.listen({ host: '127.0.0.1', port: 0 });
  }

  const signIn = (node: string, email: string) =>
    fetch(`${node}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    }).then((r) => r.status);

  let url = '';
  beforeAll(async () => {
    ({ url, drop } = await createScratchPostgres(PG_ADMIN_URL, 'jejak_limits'));
    const setup = await openPostgres(url, 1, () => {});
    await migrate(setup.db);
    await setup.close();
    nodes = [await apiNode(url, true), await apiNode(url, true)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const h of handles) await h.close();
    await drop?.();
  });

  it('reaches the limit across both nodes, and only for that e-mail', async () => {
    const [a = '', b = ''] = nodes;
    const statuses = [];
    for (let i = 0; i < PER_MINUTE + 1; i++) statuses.push(await signIn(i % 2 === 0 ? a : b, 'ana@example.com'));
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await signIn(a, 'ana@example.com')).toBe(429);
    expect(await signIn(b, 'bob@example.com')).toBe(200);
  });

  it('counts hits that arrive at both nodes at once, each once', async () => {
    const [a = '', b = ''] = nodes;
    const statuses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn(i % 2 === 0 ? a : b, 'cara@example.com')),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - PER_MINUTE);
  });

  it('opens again when the window ends, and the cleanup drops ended windows', async () => {
    const [a = '', b = ''] = nodes;
    for (let i = 0; i < PER_MINUTE; i++) await signIn(a, 'dan@example.com');
    expect(await signIn(b, 'dan@example.com')).toBe(429);
    clock += 60_000;
    expect(await signIn(b, 'dan@example.com')).toBe(200);
    const counters = createLimitCounters(handles[0]!.db);
    expect(await counters.read(limitRowKey('login|dan@example.com|127.0.0.1'), clock)).toEqual({
      hits: 1,
      resetsAt: clock + 60_000,
    });
    expect(await counters.deleteExpired(clock)).toBeGreaterThan(0);
    expect(await counters.read(limitRowKey('login|dan@example.com|127.0.0.1'), clock)).toEqual({
      hits: 1,
      resetsAt: clock + 60_000,
    });
    expect(await counters.deleteExpired(clock + 60_000)).toBeGreaterThan(0);
    expect(await counters.read(limitRowKey('login|dan@example.com|127.0.0.1'), clock)).toBeNull();
  });

  it('without the shared store each node counts alone (what the store fixes)', async () => {
    const alone = [await apiNode(url, false), await apiNode(url, false)];
    const statuses = [];
    for (let i = 0; i < PER_MINUTE * 2; i++) statuses.push(await signIn(alone[i % 2] ?? '', 'eve@example.com'));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('holds an e-mail off on every node once failures from several addresses add up', async () => {
    const opts = { backoffAfter: 8, maxDelayMs: 60_000, now };
    const [n1, n2] = handles.map((h) =>
      createSharedLoginBackoff(createLoginBackoffRepo(h.db, LOGIN_BACKOFF_BOUNDS), opts),
    );
    if (!n1 || !n2) throw new Error('two nodes expected');
    await n1.succeeded('fay@example.com', '10.0.0.9');
    // One address adds at most 5 failures however many it makes.
    await Promise.all(Array.from({ length: 7 }, () => n1.failed('fay@example.com', '10.0.0.1')));
    expect(await n2.waitMs('fay@example.com', '10.0.0.2')).toBe(0);
    // Failures at both nodes at once: 5 + 4 = 9 counted, one past the threshold of 8 → 2 s.
    await Promise.all(
      ['10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5'].map((ip, i) => (i % 2 ? n1 : n2).failed('fay@example.com', ip)),
    );
    expect(await n1.waitMs('fay@example.com', '10.0.0.7')).toBe(2_000);
    expect(await n2.waitMs('fay@example.com', '10.0.0.7')).toBe(2_000);
    // The account's own address is not held.
    expect(await n2.waitMs('fay@example.com', '10.0.0.9')).toBe(0);
    clock += 2_000;
    expect(await n2.waitMs('fay@example.com', '10.0.0.7')).toBe(0);
    // Forgotten after 15 minutes without a failure: the count starts again.
    clock += 15 * 60_000 + 1;
    await n1.failed('fay@example.com', '10.0.0.6');
    expect(await n2.waitMs('fay@example.com', '10.0.0.7')).toBe(0);
    // The scheduler's cleanup drops what nobody would read again.
    const db = handles[0]!.db;
    const cleanup = sharedLimitsCleanupJob(
      { counters: createLimitCounters(db), backoff: createLoginBackoffRepo(db, LOGIN_BACKOFF_BOUNDS) },
      () => clock + 15 * 60_000 + 1,
    );
    expect(await cleanup.run()).toBeGreaterThan(0);
    const left = await db.selectFrom('login_failures').select('email').execute();
    expect(left).toEqual([]);
  });
});
