import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimulator } from '@jejak/simulator';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import {
  exited,
  freePort,
  serverAnswers,
  serverEnv,
  startServerProcess,
  waitFor,
} from '../../../tools/server-process.ts';
import { seedDemoFleet, demoImeis } from '../src/demo/seed.ts';
import { openPostgres } from '../src/storage/db/database.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { maintainPartitions } from '../src/storage/db/partitions.ts';
import { createUsersRepo } from '../src/storage/repos/accounts/users-repo.ts';
import { postgresAvailable, PG_ADMIN_URL } from './harness.ts';

const FIXES_PER_DEVICE = 250;

describe.runIf(await postgresAvailable())('nothing lost when the server is killed mid-stream', () => {
  const children: ChildProcess[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await drop?.();
  });

  // Two server processes start through tsx: 10 s on a quiet machine, three times that under load.
  // The limit only catches a hang; each wait inside already names what it waited for.
  it('stores every fix exactly once across a SIGKILL and restart', { timeout: 120_000 }, async () => {
    const scratch = await createScratchPostgres(PG_ADMIN_URL, 'jejak_crash');
    drop = scratch.drop;
    const handle = await openPostgres(scratch.url, 4, () => undefined);
    await migrate(handle.db);
    await maintainPartitions(handle.db, Date.now());
    await seedDemoFleet(handle.db, createUsersRepo(handle.db), 'demo1234', Date.now());

    const [httpPort, gt06Port] = [await freePort(), await freePort()];
    const env = { ...serverEnv(httpPort, { gt06: gt06Port }), DATABASE_URL: scratch.url };
    const ready = () => serverAnswers(httpPort);
    let server = startServerProcess(env);
    children.push(server);
    await waitFor(ready, 60_000, 'the server to start');

    const sentKeys = new Set<string>();
    const sim = startSimulator({
      host: '127.0.0.1',
      port: gt06Port,
      devices: demoImeis().map((imei, i) => ({ imei, seed: i + 1 })),
      intervalMs: 1000,
      speedFactor: 50,
      heartbeatEveryMs: 0,
      maxFixesPerDevice: FIXES_PER_DEVICE,
      onSend: (e) => sentKeys.add(`GPS100#${e.imei}/${Math.floor(e.deviceTimeMs / 1000) * 1000}`),
    });
    await waitFor(() => sim.stats().acked > 500, 30_000, 'the first acknowledgements');

    server.kill('SIGKILL');
    await exited(server);
    const ackedBeforeCrash = sim.stats().acked;
    server = startServerProcess(env);
    children.push(server);
    await waitFor(ready, 60_000, 'the server to restart');

    const total = demoImeis().length * FIXES_PER_DEVICE;
    await waitFor(() => sim.stats().pending === 0 && sentKeys.size === total, 90_000, 'every fix to be acknowledged');
    const stats = sim.stats();
    await sim.stop();
    server.kill('SIGTERM');
    await exited(server);

    const rows = await sql<{ dvid: string; device_time: number; n: number }>`
      select dvid, device_time, count(*)::int as n from device_logs
      where package in ('gps#latest', 'gps#memory') group by dvid, device_time`.execute(handle.db);
    await handle.close();
    const stored = new Set(rows.rows.map((r) => `${r.dvid}/${r.device_time}`));
    expect(ackedBeforeCrash).toBeLessThan(total);
    expect(stats.reconnects).toBeGreaterThanOrEqual(demoImeis().length);
    expect(rows.rows.filter((r) => r.n > 1)).toEqual([]);
    expect(stored.size).toBe(total);
    expect([...sentKeys].filter((k) => !stored.has(k))).toEqual([]);
  });
});
