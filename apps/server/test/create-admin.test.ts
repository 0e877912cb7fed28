import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  exited,
  freePort,
  serverAnswers,
  serverEnv,
  startServerProcess,
  waitFor,
} from '../../../tools/server-process.ts';
import { createAdmin, CreateAdminError } from '../src/admin/create-admin.ts';
import { scryptHasher } from '../src/services/accounts/passwords.ts';
import { openPGlite } from '../src/storage/db/database.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { apiClient } from './harness.ts';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
const PASSWORD = 'Sawit-Merah-Kuantan-77';
const ADMIN = [
  '--email',
  'ops@armada.my',
  '--name',
  'Pasukan Operasi',
  '--contact',
  '+60123456789',
  '--address',
  'Kuala Lumpur',
];

/** `jejak create-admin …` as an operator runs it: the password piped on standard input. */
async function createAdminCli(
  env: Record<string, string>,
  args: string[],
  password: string,
): Promise<{ code: number | string; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'create-admin', ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin.end(`${password}\n`);
  return { code: await exited(child), out, err };
}

describe('jejak create-admin: the first administrator of a new installation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jejak-admin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a super user who signs in to a server started without the demo users', async () => {
    const port = await freePort();
    const env = { ...serverEnv(port), JEJAK_DATA_DIR: dir };
    const made = await createAdminCli(env, ADMIN, PASSWORD);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^Administrator ops@armada\.my created \(uid [0-9a-f-]{36}, role super\)/);

    const again = await createAdminCli(env, ADMIN, PASSWORD);
    expect(again.code).toBe(1);
    expect(again.err).toContain('userEmail: ops@armada.my already has an account');

    const server = startServerProcess(env);
    try {
      await waitFor(() => serverAnswers(port), 60_000, 'server up');
      const client = apiClient(`http://127.0.0.1:${port}`);
      const user = await client.login('ops@armada.my', PASSWORD);
      expect(user.userRole).toBe('super');
      // No demo users: the administrator is the only account.
      const demo = await client.post('/auth/login', { email: 'super@demo.jejak.my', password: 'demo1234' });
      expect(demo.status).not.toBe(200);
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
  }, 120_000);

  it('refuses bad usage before it opens the database', async () => {
    const bad = await createAdminCli({ JEJAK_DATA_DIR: '/nonexistent/never' }, ['--mail', 'x'], PASSWORD);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("Unknown option '--mail'");
    expect(bad.err).toContain('Usage: jejak create-admin');
  }, 60_000);
});

describe('createAdmin checks what the console checks', () => {
  it('refuses bad fields and weak passwords with the form texts, and audits what it creates', async () => {
    const database = await openPGlite(null, { sharedBuffersMb: 8 });
    try {
      await migrate(database.db);
      const good = {
        userName: 'Pasukan Operasi',
        userEmail: 'ops@armada.my',
        userContact: '+60123456789',
        userAddress: 'KL',
        userPassword: PASSWORD,
      };
      const refusal = (input: object) =>
        createAdmin(database.db, input, scryptHasher, 1).then(
          () => 'created',
          (err: unknown) => (err instanceof CreateAdminError ? err.message : `unexpected ${String(err)}`),
        );
      expect(await refusal({ ...good, userEmail: 'ops@' })).toMatch(/^userEmail: /);
      expect(await refusal({ ...good, userContact: 'call me' })).toMatch(/^userContact: /);
      expect(await refusal({ ...good, userPassword: 'Operasi-Kuantan-2026' })).toMatch(/^userPassword: /);
      expect(await refusal({ ...good, userPassword: 'short' })).toMatch(/^userPassword: /);
      expect(await refusal(good)).toBe('created');
      const row = await database.db
        .selectFrom('users')
        .select(['user_role', 'parent_id', 'user_hierarchy', 'uid', 'password_hash'])
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_role: 'super', parent_id: null });
      expect(row.password_hash).not.toContain(PASSWORD);
      const audit = await database.db.selectFrom('audit_log').select(['action', 'actor_uid', 'target_id']).execute();
      expect(audit).toEqual([{ action: 'user.add', actor_uid: null, target_id: row.uid }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
