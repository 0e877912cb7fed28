import { afterAll, describe, expect, it } from 'vitest';
import { startJejak, type RunningJejak } from '../src/app.ts';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { PASSWORD_GUESSES_PER_WINDOW } from '../src/services/accounts/password-service.ts';
import { apiClient, dbKinds, PG_ADMIN_URL, postgresAvailable, startRestartableServer, testConfig } from './harness.ts';

/**
 * Change-password guesses are counted in the database (issue 27 item 3, ADR 0082): a restart
 * forgets nothing, and two API nodes on one database count one user's guesses together.
 */
const EMAIL = 'operator@demo.jejak.my';
const guess = (client: ReturnType<typeof apiClient>, currentPassword: string) =>
  client
    .post('/auth/changepassword', { email: EMAIL, currentPassword, newPassword: 'ganti-12345' })
    .then((r) => r.body.status);

/** Each test starts (and one restarts) a server of its own. */
const SERVER_TEST_MS = 120_000;

describe.each(await dbKinds())('change-password guesses on %s', (kind) => {
  it('are refused past the allowance, and still after a restart', { timeout: SERVER_TEST_MS }, async () => {
    const server = await startRestartableServer(kind);
    try {
      const client = apiClient(server.baseUrl);
      await client.login(EMAIL);
      const statuses = [];
      for (let i = 0; i <= PASSWORD_GUESSES_PER_WINDOW; i++) statuses.push(await guess(client, `wrong-${i}`));
      expect(statuses).toEqual([...Array<number>(PASSWORD_GUESSES_PER_WINDOW).fill(400), 429]);
      await server.restart();
      const again = apiClient(server.baseUrl);
      await again.login(EMAIL);
      // The right password too: the allowance is spent for the window, whichever node asks.
      expect(await guess(again, 'demo1234')).toBe(429);
    } finally {
      await server.stop();
    }
  });

  it('start again after the right password', { timeout: SERVER_TEST_MS }, async () => {
    const server = await startRestartableServer(kind);
    try {
      const client = apiClient(server.baseUrl);
      await client.login(EMAIL);
      for (let i = 1; i < PASSWORD_GUESSES_PER_WINDOW; i++) expect(await guess(client, `wrong-${i}`)).toBe(400);
      expect(await guess(client, 'demo1234')).toBe(200);
      for (let i = 1; i <= PASSWORD_GUESSES_PER_WINDOW; i++) expect(await guess(client, `wrong-${i}`)).toBe(400);
      expect(await guess(client, 'wrong-again')).toBe(429);
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(await postgresAvailable())('change-password guesses across two API nodes', () => {
  const apps: RunningJejak[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const app of apps) await app.stop();
    await drop?.();
  });

  it('are counted together, in parallel too', { timeout: SERVER_TEST_MS }, async () => {
    const db = await createScratchPostgres(PG_ADMIN_URL, 'jejak_test');
    drop = db.drop;
    apps.push(await startJejak(testConfig({ DATABASE_URL: db.url })));
    apps.push(await startJejak(testConfig({ DATABASE_URL: db.url })));
    const [a, b] = apps.map((app) => apiClient(app.httpUrl));
    if (!a || !b) throw new Error('two nodes expected');
    await a.login(EMAIL);
    await b.login(EMAIL);
    const statuses = await Promise.all(
      Array.from({ length: 2 * PASSWORD_GUESSES_PER_WINDOW }, (_, i) => guess(i % 2 === 0 ? a : b, `wrong-${i}`)),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(PASSWORD_GUESSES_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(PASSWORD_GUESSES_PER_WINDOW);
    expect(await guess(b, 'demo1234')).toBe(429);
  });
});
