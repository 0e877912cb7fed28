import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { PROTOCOLS } from '@jejak/protocols';

const MAIN = new URL('../apps/server/src/main.ts', import.meta.url).pathname;

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `check` every 100 ms until it holds; throws naming `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether a server answers on 127.0.0.1:`httpPort` (its version endpoint). */
export const serverAnswers = (httpPort: number): Promise<boolean> =>
  fetch(`http://127.0.0.1:${httpPort}/api/version`).then(
    (r) => r.ok,
    () => false,
  );

/**
 * Environment for a server on loopback with the console off: the HTTP port given, every
 * gateway off but those named (each on its given port, 0 for any).
 */
export function serverEnv(httpPort: number, gateways: Record<string, number> = {}): Record<string, string> {
  return {
    JEJAK_HTTP_PORT: String(httpPort),
    JEJAK_GATEWAY_HOST: '127.0.0.1',
    JEJAK_LOG_LEVEL: 'error',
    JEJAK_WEB_DIST: '/nonexistent',
    ...Object.fromEntries(PROTOCOLS.map((p) => [`JEJAK_${p.id.toUpperCase()}_PORT`, '-1'])),
    ...Object.fromEntries(
      Object.entries(gateways).map(([id, port]) => [`JEJAK_${id.toUpperCase()}_PORT`, String(port)]),
    ),
  };
}

/**
 * Node's options for a server process, as the image (Dockerfile's NODE_OPTIONS) and `npm start`
 * give them (tools/build/deploy-files.test.ts holds the three equal). A young generation of 64 MB
 * a semi-space, not V8's 16: the pipeline's per-fix objects live from decode to commit, tens of
 * milliseconds, and a small nursery promoted them to the old generation at ingest rates (ADR 0028,
 * 2026-11-27 addendum: gateway CPU per fix 26-33 -> 23-25 µs).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;

/** A `jejak` command (`check-config`, `backup`, …) run to its end: its exit code and output. */
export async function runJejak(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': the output is read to its end.
  const code = await new Promise<number | string>((resolve) =>
    child.once('close', (c: number | null, signal: string | null) => resolve(c ?? signal ?? -1)),
  );
  return { code, stdout, stderr };
}

/**
 * The real `jejak start` program (or another role) in its own process, so it can be killed like a
 * crashed server. Its pid is the server's own (no tsx launcher in between), so /proc/<pid>
 * describes the server.
 */
export function startServerProcess(
  env: Record<string, string>,
  opts: {
    demo?: boolean;
    role?: 'start' | 'gateway' | 'api' | 'scheduler';
    stdout?: 'ignore' | 'pipe';
    stderr?: 'inherit' | 'pipe';
  } = {},
): ChildProcess {
  const args = [MAIN, opts.role ?? 'start', ...(opts.demo ? [] : ['--no-demo'])];
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', opts.stdout ?? 'ignore', opts.stderr ?? 'inherit'],
  });
}

/** Resolves with the exit code (or the signal's name) once the process has ended. */
export function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

/** Resident and peak resident memory of a process in MB (Linux /proc), null once it is gone. */
export function residentMb(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(/\s(\d+) kB/.exec(status.slice(status.indexOf(`${key}:`)))?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}
