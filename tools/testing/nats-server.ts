import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../server-process.ts';

const NATS_SERVER = '/usr/sbin/nats-server';

export interface TestNatsServer {
  url: string;
  /** The server process's id (for its CPU in /proc), undefined once it has ended. */
  pid(): number | undefined;
  /**
   * Stops the server (SIGTERM) and starts it again on the same port and store directory, after
   * `whileDown` (an outage's worth of work) has resolved.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Stops the server and removes its store. */
  stop(): Promise<void>;
}

/**
 * A nats-server with JetStream of a test's own, on a free loopback port, its store in a fresh
 * temporary directory (the machine's own NATS on 4222 is never touched).
 */
export async function startNatsServer(): Promise<TestNatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'jejak-nats-'));
  let child = await launch(port, storeDir);
  return {
    url: `nats://127.0.0.1:${port}`,
    pid: () => (child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async restart(whileDown) {
      await exit(child);
      await whileDown?.();
      child = await launch(port, storeDir);
    },
    async stop() {
      await exit(child);
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** Starts the server and resolves once it says it is ready (its log line, no polling). */
function launch(port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (!log.includes('Server is ready')) return;
      child.stderr?.off('data', onData);
      child.stderr?.resume();
      resolve(child);
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}) before it was ready:\n${log}`)));
  });
}

function exit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
