/**
 * npm run fuzz — hostile input for every gateway: random and mutated frames per protocol and
 * transport, over real sockets, into a server started in this process (PGlite in memory, demo
 * fleet). One line per run; the exit code is non-zero if the server died, stopped answering,
 * did not finish in time (sending, or the pipeline catching up), kept more than --max-growth-mb
 * of heap after a GC, or froze its main thread longer than --max-stall-ms at a time.
 * Options: --frames N (per run, default 1 000 000)  --protocol all|<id>|<id>/<transport>
 *          --seed N  --connections N (streams in flight, default 64)  --max-growth-mb N (default 200)
 *          --max-stall-ms N (default 2000)  --no-triage (skip finding the frames behind failed commits)
 *          --replay <hex>[,<hex>…] with one --protocol <id>/<transport>: send these frames in order
 *          on one stream (a finding's frames) and print what the server made of them.
 */
import { parseArgs } from 'node:util';
import { PROTOCOLS, type Transport } from '@jejak/protocols';
import { startTestServer } from '../../apps/server/test/harness.ts';
import { FUZZ_SERVER_ENV, replayFrames, runFuzz, type FuzzResult } from './fuzz.ts';

const { values } = parseArgs({
  options: {
    frames: { type: 'string', default: '1000000' },
    protocol: { type: 'string', default: 'all' },
    seed: { type: 'string', default: '1' },
    connections: { type: 'string', default: '64' },
    'max-growth-mb': { type: 'string', default: '200' },
    'max-stall-ms': { type: 'string', default: '2000' },
    'no-triage': { type: 'boolean', default: false },
    replay: { type: 'string' },
  },
});

function count(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got ${value}`);
  return n;
}

const FRAMES = count('frames', values.frames);
const SEED = count('seed', values.seed);
const CONNECTIONS = Math.max(1, count('connections', values.connections));
const MAX_GROWTH_MB = count('max-growth-mb', values['max-growth-mb']);
const MAX_STALL_MS = count('max-stall-ms', values['max-stall-ms']);

const RUNS: { protocol: string; transport: Transport }[] = PROTOCOLS.flatMap((p) =>
  p.transports.map((transport) => ({ protocol: p.id, transport })),
).filter(
  (r) =>
    values.protocol === 'all' || values.protocol === r.protocol || values.protocol === `${r.protocol}/${r.transport}`,
);

const n = (x: number) => Math.round(x).toLocaleString('en');
const mb = (x: number) => x.toFixed(0);

function streams(r: FuzzResult): string {
  const s = r.sent;
  const c = r.counters;
  if (r.transport === 'http')
    return (
      `responses ${JSON.stringify(s.statuses)} (counted: 413 ${n(c.httpBodyTooLarge)},` +
      ` 431 ${n(c.httpHeadersTooLarge)}, 400/408 unparsed ${n(c.httpBadRequests)})`
    );
  if (r.transport === 'udp')
    return (
      `${n(s.connections)} sockets, kernel drops ${r.udpKernelDrops ?? 'n/a'},` +
      ` dropped waiting for commit ${n(c.udpDatagramsDropped)}, remotes evicted ${n(c.udpRemotesEvicted)}`
    );
  return (
    `${n(s.connections)} connections (${n(s.connectFailures)} failed), ${n(s.refusedByServer)} refused by the server` +
    ` (${n(c.tcpRefusedBusy)} unread for a full backlog, ${n(c.tcpRefusedFull)} for too many open),` +
    ` ${n(c.tcpPauses)} reads paused for unanswered frames`
  );
}

function line(r: FuzzResult, ok: boolean): string {
  const m = r.memory;
  const c = r.counters;
  const secs = (ms: number) => (ms / 1000).toFixed(1);
  return [
    `${r.protocol}/${r.transport}`.padEnd(14),
    `${n(r.sent.frames)} frames in ${secs(r.elapsedMs)} s + ${secs(r.drainMs)} s drain${r.drainTimedOut ? ' (TIMED OUT)' : ''} = ${n(r.framesPerSecond)} frames/s`,
    `| decoded ${n(r.decoded)}: bad ${n(c.badFrames)}, unsupported ${n(c.unsupportedFrames)}, accepted ${n(c.frames)}` +
      ` (warnings ${n(c.frameWarnings)}, unknown devices ${n(c.unknownDevices)}, store-failed closes ${n(c.storeFailedCloses)})`,
    `| ${streams(r)}, timeouts ${n(r.sent.timeouts)}`,
    `| rss ${mb(m.before.rssMb)}→${mb(m.after.rssMb)} MB (peak ${mb(m.peak.rssMb)}),` +
      ` heap ${mb(m.before.heapUsedMb)}→${mb(m.after.heapUsedMb)} MB (peak ${mb(m.peak.heapUsedMb)}),` +
      ` after GC ${mb(m.afterGc.heapUsedMb)} MB (${r.growthMb >= 0 ? '+' : ''}${r.growthMb.toFixed(1)})`,
    `| loop max ${n(r.eventLoopMaxMs)} ms${r.eventLoopMaxMs > MAX_STALL_MS ? ' (STALLED)' : ''}, canary ${r.canary.acked}/${r.canary.sent} acked` +
      ` (max ${n(r.canary.maxAckMs)} ms, ${r.canary.reconnects} reconnects)`,
    `| alive ${r.alive ? 'yes' : 'NO'}${r.timedOut ? ', TIMED OUT' : ''}${ok ? '' : ' ✗'}`,
  ].join(' ');
}

function printDetails(r: Pick<FuzzResult, 'trouble' | 'findings' | 'uncaught'>): void {
  for (const [what, times] of Object.entries(r.trouble)) console.log(`    ${times}× ${what}`);
  for (const f of r.findings) console.log(`    finding: ${f.what}\n      ${f.note}: ${f.framesHex.join(' ')}`);
  for (const u of r.uncaught) console.log(`    uncaught: ${u}`);
}

async function replay(hex: string): Promise<number> {
  const [run] = RUNS;
  if (RUNS.length !== 1 || !run) throw new Error('--replay needs one --protocol <id>/<transport>');
  const server = await startTestServer('pglite', FUZZ_SERVER_ENV);
  try {
    const r = await replayFrames(server.app, run.protocol, run.transport, hex.split(','));
    console.log(`${run.protocol}/${run.transport} replay: ${JSON.stringify(r.counters)}`);
    printDetails(r);
    return r.uncaught.length === 0 && Object.keys(r.trouble).length === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<number> {
  if (RUNS.length === 0) throw new Error(`no protocol or transport matches ${values.protocol}`);
  if (values.replay !== undefined) return replay(values.replay);
  console.log(`fuzz: ${n(FRAMES)} frames per run, seed ${SEED}, ${CONNECTIONS} streams in flight, ${RUNS.length} runs`);
  const server = await startTestServer('pglite', FUZZ_SERVER_ENV);
  let failed = 0;
  try {
    for (const run of RUNS) {
      const r = await runFuzz({
        server: server.app,
        ...run,
        frames: FRAMES,
        seed: SEED,
        connections: CONNECTIONS,
        triage: !values['no-triage'],
      });
      const ok =
        r.alive && !r.timedOut && !r.drainTimedOut && r.growthMb <= MAX_GROWTH_MB && r.eventLoopMaxMs <= MAX_STALL_MS;
      if (!ok) failed++;
      console.log(line(r, ok));
      printDetails(r);
    }
  } finally {
    await server.stop();
  }
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
