import { startTestServer } from '../../apps/server/test/harness.ts';
import { runFuzz } from './fuzz.ts';
const server = await startTestServer('pglite');
const r = await runFuzz({
  server: server.app,
  protocol: process.argv[2] ?? 'teltonika',
  transport: (process.argv[3] ?? 'udp') as 'udp',
  frames: 20000,
  seed: 3,
  connections: 64,
  triage: false,
});
console.log(r.elapsedMs, r.drainMs, r.decoded, r.counters);
await server.stop();
