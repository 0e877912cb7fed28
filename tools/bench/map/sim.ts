/**
 * bench:map's load: simulated GT06 trackers in child processes, each device a fix every
 * `intervalMs`, their first fixes spread evenly over one interval. Several processes, because one
 * process may hold only so many sockets (this machine's open-file limit is 20,000 per process,
 * and the server holds the other end of every connection).
 *
 * Run as a child: `node --import tsx sim.ts --child`, its input `{"port":…,"imeis":[…],"intervalMs":…,
 * "seedBase":…}` on stdin (8,000 IMEIs are too long for one argument); it prints one JSON line of
 * stats when asked with SIGTERM, then exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '@jejak/simulator';

interface SimInput {
  port: number;
  imeis: string[];
  intervalMs: number;
  seedBase: number;
}

/** Devices per simulator process at most (sockets stay well under the per-process limit). */
const DEVICES_PER_PROCESS = 8_000;

export interface SimulatorFleet {
  /** Freezes (SIGSTOP) or thaws (SIGCONT) every simulator process: no fixes while frozen. */
  pause: (paused: boolean) => void;
  /** Stops every simulator process and resolves with their summed send counts. */
  stop: () => Promise<{ sent: number; acked: number }>;
}

/** Starts ceil(N / 8,000) simulator processes feeding `imeis` to the GT06 port. */
export function startSimulatorFleet(port: number, imeis: string[], intervalMs: number): SimulatorFleet {
  const children: { child: ChildProcess; out: string[] }[] = [];
  for (let i = 0; i < imeis.length; i += DEVICES_PER_PROCESS) {
    const input: SimInput = { port, imeis: imeis.slice(i, i + DEVICES_PER_PROCESS), intervalMs, seedBase: i + 1 };
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin?.end(JSON.stringify(input));
    const out: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    children.push({ child, out });
  }
  return {
    pause: (paused) => {
      for (const { child } of children) if (child.exitCode === null) child.kill(paused ? 'SIGSTOP' : 'SIGCONT');
    },
    stop: async () => {
      for (const { child } of children) if (child.exitCode === null) child.kill('SIGCONT');
      const totals = { sent: 0, acked: 0 };
      await Promise.all(
        children.map(async ({ child, out }) => {
          if (child.exitCode === null && child.signalCode === null) {
            const ended = new Promise((r) => child.once('exit', r));
            child.kill('SIGTERM');
            const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await ended;
            clearTimeout(killer);
          }
          try {
            const stats = JSON.parse(out.join('').trim().split('\n').at(-1) ?? '{}') as {
              sent?: number;
              acked?: number;
            };
            totals.sent += stats.sent ?? 0;
            totals.acked += stats.acked ?? 0;
          } catch {
            // A child killed before it could report counts nothing.
          }
        }),
      );
      return totals;
    },
  };
}

/** The child's side: drive the devices until SIGTERM. */
function runChild(input: SimInput): void {
  const sim = startSimulator({
    host: '127.0.0.1',
    port: input.port,
    devices: input.imeis.map((imei, i) => ({ imei, seed: input.seedBase + i })),
    intervalMs: input.intervalMs,
    heartbeatEveryMs: 0,
  });
  // A bench that died without stopping its children leaves them orphaned: they go with it.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(1);
  }, 1000).unref();
  process.once('SIGTERM', () => {
    void sim.stop().then(() => {
      process.stdout.write(`${JSON.stringify(sim.stats())}\n`, () => process.exit(0));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--child') {
  const chunks: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
  process.stdin.on('end', () => runChild(JSON.parse(Buffer.concat(chunks).toString()) as SimInput));
}
