import { startTestServer } from '../../apps/server/test/harness.ts';
import { forceGc, memorySample, runFuzz } from './fuzz.ts';
const idle = process.argv[2] ?? '600000';
const server = await startTestServer('pglite', { JEJAK_GATEWAY_IDLE_TIMEOUT_MS: idle });
forceGc();
const m0 = memorySample();
for (let i = 0; i < 3; i++) {
  const r = await runFuzz({
    server: server.app,
    protocol: 'h02',
    transport: 'udp',
    frames: 20000,
    seed: 7 + i,
    connections: 64,
    triage: false,
  });
  await new Promise((res) => setTimeout(res, 2500));
  forceGc();
  console.log(
    idle,
    i,
    'growth in run',
    r.growthMb.toFixed(1),
    'heap now',
    memorySample().heapUsedMb.toFixed(1),
    'since start',
    (memorySample().heapUsedMb - m0.heapUsedMb).toFixed(1),
    'sockets',
    r.sent.connections,
    'accepted',
    r.counters.frames,
  );
}
await server.stop();
