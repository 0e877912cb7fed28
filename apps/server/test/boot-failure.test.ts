import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, freePort, serverEnv, startServerProcess } from '../../../tools/server-process.ts';

/** The password of the refused DATABASE_URL: it must appear in no log line. */
const SECRET = 's3cret-in-url';

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string; code?: string };
  problems?: string[];
}

/** Standard output and error of a process that ends by itself, with its exit code. */
async function outcome(child: ChildProcess): Promise<{ code: number | string; stdout: string; stderr: string }> {
  let [stdout, stderr] = ['', ''];
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { code: await exited(child), stdout, stderr };
}

/** The lines of `text` that are JSON log lines. */
const logLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

const FATAL = 60;

// A failure before the HTTP server listens is a fatal line of the process's one log, on standard
// error, and a non-zero exit: never a lost rejection (ADR 0067).
describe('a server that cannot start says why in its log', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) => {
    const child = startServerProcess(env, { stdout: 'pipe', stderr: 'pipe' });
    children.push(child);
    return outcome(child);
  };

  it('lists every bad key of an invalid configuration', async () => {
    const env = { ...serverEnv(await freePort()), JEJAK_HTTP_PORT: 'eighty', JEJAK_LOG_LEVEL: 'loud' };
    const { code, stderr } = await start(env);
    expect(code).toBe(1);
    const [line, ...more] = logLines(stderr);
    expect(more).toEqual([]);
    expect(line?.level).toBe(FATAL);
    expect(line?.msg).toMatch(/^Invalid configuration:/);
    expect(line?.problems?.map((p) => p.split(':')[0])).toEqual(['JEJAK_HTTP_PORT', 'JEJAK_LOG_LEVEL']);
  });

  it('logs a database it cannot reach, without the password of its URL', async () => {
    const env = { ...serverEnv(await freePort()), DATABASE_URL: `postgres://jejak:${SECRET}@127.0.0.1:1/jejak` };
    const { code, stdout, stderr } = await start(env);
    expect(code).toBe(1);
    const line = logLines(stderr).find((l) => l.level === FATAL);
    expect(line?.msg).toMatch(/^Jejak failed to start: .*ECONNREFUSED/);
    expect(line?.err?.code).toBe('ECONNREFUSED');
    expect(stdout + stderr).not.toContain(SECRET);
  });

  it('logs an HTTP port already in use', { timeout: 120_000 }, async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const dir = mkdtempSync(join(tmpdir(), 'jejak-boot-'));
    dirs.push(dir);
    try {
      const { code, stderr } = await start({ ...serverEnv(port), JEJAK_HTTP_HOST: '127.0.0.1', JEJAK_DATA_DIR: dir });
      expect(code).toBe(1);
      const line = logLines(stderr).find((l) => l.level === FATAL);
      expect(line?.msg).toContain('Jejak failed to start');
      expect(line?.err?.code).toBe('EADDRINUSE');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
