/**
 * bench:ingest --nodes N — N `jejak gateway` processes on one scratch PostgreSQL and a nats-server
 * of the bench's own; the simulated trackers are split evenly over them (one simulator thread per
 * node). Prints, per node, the fixes it stored per second and its process CPU per fix, then the
 * totals with the CPU of PostgreSQL's backends, nats-server and the simulators per stored fix.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { openPostgres, type Db } from '../../apps/server/src/storage/db/database.ts';
import { createScratchPostgres } from '../scratch-postgres.ts';
import { exited, freePort, serverAnswers, serverEnv, startServerProcess, waitFor } from '../server-process.ts';
import { startNatsServer } from '../testing/nats-server.ts';
import { seedBenchFleet } from './bench-fleet.ts';
import { processCpuS } from './cpu.ts';
import { LIFTED_ADDRESS_LIMITS, runSimulator, type SimulatorRun } from './ingest-sim.ts';

export interface NodesRun extends Pick<SimulatorRun, 'seconds' | 'protocol' | 'records'> {
  nodes: number;
  /** Packets in flight per device. */
  window: number;
  devices: number;
  model: string;
  pgUrl: string;
  /** Server configuration from --env, given to every node. */
  env: Record<string, string>;
}

interface GatewayNode {
  child: ChildProcess;
  httpPort: number;
  devicePort: number;
}

// Node processes start through tsx and migrate the empty database: slow on a loaded machine.
const START_TIMEOUT_MS = 90_000;
const SETTLE_POLL_MS = 250;

export async function nodesPhase(run: NodesRun): Promise<void> {
  const scratch = await createScratchPostgres(run.pgUrl, 'jejak_bench');
  const nats = await startNatsServer();
  const nodes: GatewayNode[] = [];
  // One connection: pg_backend_pid() is then the bench's own backend, left out of the metering.
  const handle = await openPostgres(scratch.url, 1, () => undefined);
  try {
    for (let i = 0; i < run.nodes; i++) {
      const [httpPort, devicePort] = [await freePort(), await freePort()];
      const env = {
        ...serverEnv(httpPort, { [run.protocol]: devicePort }),
        JEJAK_LOG_LEVEL: 'warn',
        DATABASE_URL: scratch.url,
        NATS_URL: nats.url,
        ...LIFTED_ADDRESS_LIMITS,
        ...run.env,
      };
      const child = startServerProcess(env, { role: 'gateway', stdout: 'pipe' });
      // The node's log (warnings and worse) goes to the bench's stderr: a run's trouble is seen.
      child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      nodes.push({ child, httpPort, devicePort });
    }
    for (const [i, n] of nodes.entries())
      await waitFor(() => serverAnswers(n.httpPort), START_TIMEOUT_MS, `gateway node ${i + 1} to start`);
    const imeis = await seedBenchFleet(handle.db, run.devices, run.model);
    // Node i gets every N-th device: an even share of a fleet of any size.
    const shares = nodes.map((_, i) => imeis.filter((_, k) => k % run.nodes === i));
    const nodeOf = new Map(shares.flatMap((share, i) => share.map((imei): [string, number] => [imei, i])));
    await measure(run, handle.db, nodes, shares, nodeOf, () => nats.pid());
  } finally {
    for (const n of nodes) n.child.kill('SIGTERM');
    await Promise.all(nodes.map((n) => exited(n.child)));
    await handle.close();
    await scratch.drop();
    await nats.stop();
  }
}

async function measure(
  run: NodesRun,
  db: Db,
  nodes: GatewayNode[],
  shares: string[][],
  nodeOf: Map<string, number>,
  natsPid: () => number | undefined,
): Promise<void> {
  const pids = nodes.map((n) => n.child.pid ?? 0);
  const node0 = pids.map(processCpuS);
  const nats0 = processCpuS(natsPid() ?? 0);
  const backends = await backendMeter(db);
  const t0 = performance.now();
  const sims = await Promise.all(
    nodes.map((n, i) =>
      runSimulator({
        port: n.devicePort,
        imeis: shares[i] ?? [],
        fullRateWindow: run.window,
        seconds: run.seconds,
        protocol: run.protocol,
        records: run.records,
      }),
    ),
  );
  // Acknowledged fixes are committed; the rest still in the nodes' pipelines land shortly after.
  const settledAt = await settle(db);
  const elapsed = (settledAt - t0) / 1000;
  const nodeS = pids.map((pid, i) => processCpuS(pid) - (node0[i] ?? 0));
  const natsS = processCpuS(natsPid() ?? 0) - nats0;
  const postgresS = await backends.stop();
  const perNode = await storedPerNode(db, run.model, nodeOf, nodes.length);
  const stored = perNode.reduce((s, n) => s + n, 0);
  // Whole µs, a tenth under 10 (nats-server's share is small): CPU clocks tick in 10 ms.
  const µs = (s: number, fixes = stored) => {
    const v = (s * 1e6) / Math.max(1, fixes);
    return v < 10 ? v.toFixed(1) : String(Math.round(v));
  };
  const simS = sims.reduce((s, r) => s + r.cpuS, 0);
  const allNodesS = nodeS.reduce((s, n) => s + n, 0);
  console.log(
    `throughput (postgres, ${run.nodes} gateway node${run.nodes > 1 ? 's' : ''}, ${run.protocol}, ${run.devices} devices, ` +
      `window ${run.window}) over ${elapsed.toFixed(1)} s:`,
  );
  for (const [i, fixes] of perNode.entries()) {
    const sim = sims[i];
    console.log(
      `  node ${i + 1}: ${fixes} positions stored = ${Math.round(fixes / elapsed)} positions/s, ` +
        `CPU ${µs(nodeS[i] ?? 0, fixes)} µs per fix (sent ${sim?.sent}, acked ${sim?.acked}, reconnects ${sim?.reconnects})`,
    );
  }
  console.log(
    `  total: ${stored} positions stored = ${Math.round(stored / elapsed)} positions/s; CPU per fix: ` +
      `gateway nodes ${µs(allNodesS)} µs, PostgreSQL backends ${µs(postgresS)} µs, nats-server ${µs(natsS)} µs, ` +
      `simulators ${µs(simS)} µs, all ${µs(allNodesS + postgresS + natsS + simS)} µs; ` +
      `load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
}

/** Waits until the stored count stops growing; returns when it last grew (performance.now()). */
async function settle(db: Db): Promise<number> {
  let last = await countFixes(db);
  let grewAt = performance.now();
  for (let still = 0; still < 4;) {
    await new Promise((r) => setTimeout(r, SETTLE_POLL_MS));
    const n = await countFixes(db);
    if (n === last) {
      still++;
      continue;
    }
    last = n;
    grewAt = performance.now();
    still = 0;
  }
  return grewAt;
}

async function countFixes(db: Db): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from device_logs where package like 'gps#%'`.execute(db);
  return r.rows[0]?.n ?? 0;
}

async function storedPerNode(db: Db, model: string, nodeOf: Map<string, number>, nodes: number): Promise<number[]> {
  const r = await sql<{ dvid: string; n: number }>`
    select dvid, count(*)::int as n from device_logs where package like 'gps#%' group by dvid`.execute(db);
  const perNode = Array.from({ length: nodes }, () => 0);
  for (const { dvid, n } of r.rows) {
    const i = nodeOf.get(dvid.slice(model.length + 1));
    if (i !== undefined) perNode[i] = (perNode[i] ?? 0) + n;
  }
  return perNode;
}

/**
 * CPU of the PostgreSQL backends serving the nodes. Their pools open and close connections
 * during a run (idle timeout), so the backends are looked up twice a second and each one's last
 * reading kept; a backend that ends between two looks loses at most half a second of its CPU.
 */
async function backendMeter(db: Db): Promise<{ stop(): Promise<number> }> {
  const latest = new Map<number, number>();
  const look = async () => {
    const r = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    for (const { pid } of r.rows) {
      const cpu = processCpuS(pid);
      if (cpu > 0) latest.set(pid, cpu);
    }
  };
  await look();
  // Backends already there count from now; later ones from their start.
  const baseline = new Map(latest);
  let looking = Promise.resolve();
  const timer = setInterval(() => {
    looking = looking.then(look).catch(() => undefined);
  }, 500);
  return {
    async stop() {
      clearInterval(timer);
      await looking;
      await look();
      return [...latest].reduce((s, [pid, cpu]) => s + cpu - (baseline.get(pid) ?? 0), 0);
    },
  };
}
