import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { dvidOf, PLAYBACK_PATHS, type RoutePlaybackResponse } from '@jejak/contract';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { startNatsServer } from '../../../tools/testing/nats-server.ts';
import {
  exited,
  freePort,
  serverAnswers,
  serverEnv,
  startServerProcess,
  waitFor,
} from '../../../tools/server-process.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { DEMO_MODEL, seedDemoFleet } from '../src/demo/seed.ts';
import { openPostgres } from '../src/storage/db/database.ts';
import { createUsersRepo } from '../src/storage/repos/accounts/users-repo.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, postgresAvailable, PG_ADMIN_URL, vidOf } from './harness.ts';
import { openLive } from './live-client.ts';

const MIN = 60_000;
const withPostgres = await postgresAvailable();

/** What a process wrote to stderr, once it has ended, with its exit code. */
async function outcome(child: ChildProcess): Promise<{ code: number | string; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { code: await exited(child), stderr };
}

describe('jejak gateway, api and scheduler as processes of their own', () => {
  const children: ChildProcess[] = [];
  let drop: (() => Promise<void>) | null = null;
  let stopNats: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await drop?.();
    await stopNats?.();
  });

  it('refuses a role without DATABASE_URL, saying why', async () => {
    const env = { ...serverEnv(await freePort()), DATABASE_URL: '', NATS_URL: 'nats://127.0.0.1:4222' };
    const child = startServerProcess(env, { role: 'gateway', stderr: 'pipe' });
    children.push(child);
    const { code, stderr } = await outcome(child);
    expect(code).toBe(1);
    expect(stderr).toContain('jejak gateway needs PostgreSQL: set DATABASE_URL');
    expect(stderr).not.toContain('needs NATS');
  });

  // Two server processes start through tsx: 10 s on a quiet machine, three times that under load.
  // The limit only catches a hang; each wait inside names what it waited for.
  it.runIf(withPostgres)(
    'a fix sent to a gateway node is stored and read through an api node',
    { timeout: 120_000 },
    async () => {
      const scratch = await createScratchPostgres(PG_ADMIN_URL, 'jejak_roles');
      drop = scratch.drop;
      // The roles meet through NATS: a nats-server with JetStream of this test's own.
      const nats = await startNatsServer();
      stopNats = () => nats.stop();
      const shared = { DATABASE_URL: scratch.url, NATS_URL: nats.url };
      const [gatewayHttp, gt06Port, apiHttp] = [await freePort(), await freePort(), await freePort()];
      // Both start at once on an empty database: one migrates while the other waits for it.
      const gateway = startServerProcess(
        { ...serverEnv(gatewayHttp, { gt06: gt06Port }), ...shared },
        { role: 'gateway' },
      );
      const api = startServerProcess({ ...serverEnv(apiHttp), ...shared }, { role: 'api' });
      children.push(gateway, api);
      await waitFor(() => serverAnswers(gatewayHttp), 60_000, 'the gateway node to start');
      await waitFor(() => serverAnswers(apiHttp), 60_000, 'the api node to start');

      const handle = await openPostgres(scratch.url, 2, () => undefined);
      await seedDemoFleet(handle.db, createUsersRepo(handle.db), 'demo1234', Date.now());
      await handle.close();

      // The gateway node answers its version only: the API is the api node's.
      const login = { email: 'owner2@demo.jejak.my', password: 'demo1234' };
      const onGateway = await apiClient(`http://127.0.0.1:${gatewayHttp}`).post('/auth/login', login);
      expect(onGateway.status).toBe(404);

      const owner2 = apiClient(`http://127.0.0.1:${apiHttp}`);
      const me = await owner2.login('owner2@demo.jejak.my');
      const imei = demoImei(13); // owner2's
      const vid = (await vidOf(owner2, imei)) ?? '';
      expect(vid).not.toBe('');
      // A console on the api node watches the vehicle whose tracker reports to the gateway node.
      const live = await openLive(`http://127.0.0.1:${apiHttp}`, owner2.cookie);
      const devId = `dev#${dvidOf(DEMO_MODEL, imei)}`;
      live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { uid: me.uid, ids: [devId] } }));
      await live.until((m) => m.mode === 'subscribed' && m.item.ids.includes(devId));
      const t0 = Math.floor((Date.now() - 3_600_000) / MIN) * MIN;
      const window = { vid, startTime: t0, endTime: t0 + 10 * MIN };
      const playback = async () =>
        ((await owner2.post(PLAYBACK_PATHS.routePlayback, window)).body as RoutePlaybackResponse).track;
      expect((await playback()).time).toEqual([]);

      const track = await gt06Track(gt06Port, imei, t0);
      await track.send(40, true, 0.6);
      await track.send(45, true, 0.7);
      track.device.close();
      // Each fix was acknowledged only once committed, so the api node reads both at once.
      const seen = await playback();
      expect(seen.time).toEqual([t0 + MIN, t0 + 2 * MIN]);
      expect(seen.speed).toEqual([40, 45]);
      // The pipeline's update crossed from the gateway node to the api node's socket through NATS.
      const dev = await live.until((m) => m.mode === 'dev' && m.id === devId && m.item.speed === 45, 15_000);
      expect(dev.mode === 'dev' && dev.item.location?.lat).toBeTypeOf('number');
      live.ws.close();

      for (const child of [gateway, api]) child.kill('SIGTERM');
      expect(await Promise.all([exited(gateway), exited(api)])).toEqual([0, 0]);
    },
  );
});
