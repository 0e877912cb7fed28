import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimulator } from '@jejak/simulator';
import {
  exited,
  freePort,
  serverAnswers,
  serverEnv,
  startServerProcess,
  waitFor,
} from '../../../tools/server-process.ts';
import { loadConfig } from '../src/config/load.ts';
import { demoImeis, seedDemoFleet } from '../src/demo/seed.ts';
import { openPGlite } from '../src/storage/db/database.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { maintainPartitions } from '../src/storage/db/partitions.ts';
import { createUsersRepo } from '../src/storage/repos/accounts/users-repo.ts';

const settings = { sharedBuffersMb: loadConfig({}).JEJAK_PGLITE_SHARED_BUFFERS_MB };

describe('one process per embedded data folder', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'jejak-lock-')));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second server, frees the folder when the first dies, and keeps every acknowledged fix', async () => {
    const seed = await openPGlite(dir, settings);
    await migrate(seed.db);
    await maintainPartitions(seed.db, Date.now());
    await seedDemoFleet(seed.db, createUsersRepo(seed.db), 'demo1234', Date.now());
    await seed.close();

    const [httpPort, gt06Port] = [await freePort(), await freePort()];
    const env = { ...serverEnv(httpPort, { gt06: gt06Port }), JEJAK_DATA_DIR: dir };
    const first = startServerProcess(env);
    children.push(first);
    await waitFor(() => serverAnswers(httpPort), 90_000, 'the first server to start');

    // A steady stream that goes on through the crash and the restart.
    const acked = new Set<string>();
    const sim = startSimulator({
      host: '127.0.0.1',
      port: gt06Port,
      devices: demoImeis().map((imei, i) => ({ imei, seed: i + 1 })),
      intervalMs: 1000,
      speedFactor: 10,
      heartbeatEveryMs: 0,
      onAck: (e) => acked.add(`GPS100#${e.imei}/${Math.floor(e.deviceTimeMs / 1000) * 1000}`),
    });
    await waitFor(() => acked.size > 100, 60_000, 'the first acknowledgements');

    // The same command again, on the same folder, while the first server writes to it.
    const second = startServerProcess(env, { stderr: 'pipe' });
    children.push(second);
    let stderr = '';
    second.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await exited(second);
    expect(code).not.toBe(0);
    expect(stderr).toContain(`data folder ${dir} is in use`);
    expect(stderr).toContain(`pid ${first.pid}`);
    expect(await serverAnswers(httpPort)).toBe(true);

    first.kill('SIGKILL');
    await exited(first);
    const ackedBeforeCrash = new Set(acked);
    const third = startServerProcess(env);
    children.push(third);
    await waitFor(() => serverAnswers(httpPort), 90_000, 'the server to open the folder again');

    await waitFor(() => acked.size > ackedBeforeCrash.size + 100, 90_000, 'acknowledgements from the new server');
    await sim.stop();
    third.kill('SIGTERM');
    await exited(third);

    const check = await openPGlite(dir, settings);
    const rows = await sql<{ key: string; n: number }>`
      select dvid || '/' || device_time as key, count(*)::int as n from device_logs
      where package in ('gps#latest', 'gps#memory') group by dvid, device_time`.execute(check.db);
    await check.close();
    const stored = new Set(rows.rows.map((r) => r.key));
    expect(rows.rows.filter((r) => r.n > 1)).toEqual([]);
    expect([...ackedBeforeCrash].filter((k) => !stored.has(k))).toEqual([]);
    expect([...acked].filter((k) => !stored.has(k))).toEqual([]);
  }, 360_000);
});
