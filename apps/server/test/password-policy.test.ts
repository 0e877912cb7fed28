import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scryptHasher, type PasswordHasher } from '../src/services/accounts/passwords.ts';
import { newUserBody, signIn } from './accounts-fixture.ts';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const kinds = await dbKinds();
const LINK_RE = /ResetPassword\?token=([A-Za-z0-9_-]+)/;

/** The real scrypt hasher, counting the calls that cost CPU. */
function countingHasher() {
  const calls = { hash: 0, verify: 0 };
  const hasher: PasswordHasher = {
    hash: (p) => ((calls.hash += 1), scryptHasher.hash(p)),
    verify: (p, stored) => ((calls.verify += 1), scryptHasher.verify(p, stored)),
  };
  return { calls, hasher };
}

describe.each(kinds)('passwords on %s (issue 10 §3)', (kind) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let clock = Date.now();
  const counting = countingHasher();

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      kind,
      { JEJAK_SMTP_HOST: '127.0.0.1', JEJAK_SMTP_PORT: String(sink.port), JEJAK_PUBLIC_URL: 'http://console.test' },
      () => clock,
      { hasher: counting.hasher },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it.each([
    ['short', 'abc1234', 'Password must be at least 8 characters'],
    ['common', 'Password1', 'This password is too common, please choose another'],
    ['common digits', '1234567890', 'This password is too common, please choose another'],
    ['its e-mail', 'xx-pemandu9-xx', 'Password must not contain the e-mail address'],
    ['its name', 'Pengguna-2024', 'Password must not contain the user name'],
  ])('add user refuses a %s password with the reason', async (_case, password, message) => {
    const { c, me } = await signIn(server.baseUrl, 'owner');
    const body = newUserBody(me, 'fleetOperator', 'pemandu9@demo.jejak.my');
    const r = await c.post('/user/add', { ...body, newUser: { ...body.newUser, userPassword: password } });
    expect(r.body).toMatchObject({ status: 400, message });
  });

  it('checks a reset link before hashing anything, and the policy before setting', async () => {
    const before = counting.calls.hash;
    const anonymous = apiClient(server.baseUrl);
    const bad = await anonymous.post('/auth/resetpassword', { token: 'y'.repeat(43), newPassword: 'panjang-123' });
    expect(bad.body.message).toBe('This reset password link is invalid or has expired');
    expect(counting.calls.hash).toBe(before);

    const { c, me } = await signIn(server.baseUrl, 'owner');
    const next = sink.nextMail();
    expect((await c.post('/user/resetpassword', { uid: me.uid })).status).toBe(200);
    const token = LINK_RE.exec((await next).decoded)?.[1] ?? '';
    const common = await anonymous.post('/auth/resetpassword', { token, newPassword: 'qwertyuiop' });
    expect(common.body).toEqual({
      status: 400,
      errorType: 'WeakPassword',
      message: 'This password is too common, please choose another',
    });
    expect(counting.calls.hash).toBe(before);
    // The refused try did not spend the link.
    const done = await anonymous.post('/auth/resetpassword', { token, newPassword: 'kereta-biru-88' });
    expect(done.body).toEqual({ status: 200, message: 'Reset password success' });
    expect(counting.calls.hash).toBe(before + 1);
    await signIn(server.baseUrl, 'owner', 'kereta-biru-88');
  });

  it('limits wrong current-password guesses on Change password, per user', async () => {
    const { c } = await signIn(server.baseUrl, 'operator');
    const change = (currentPassword: string, newPassword = 'ganti-12345') =>
      c.post('/auth/changepassword', { email: 'operator@demo.jejak.my', currentPassword, newPassword });
    for (let i = 0; i < 5; i++) expect((await change(`salah-${i}-123`)).status).toBe(400);
    const verifies = counting.calls.verify;
    const held = await change('demo1234');
    expect(held.body).toEqual({
      status: 429,
      errorType: 'TooManyAttempts',
      message: 'Too many wrong passwords, please wait 15 minutes and try again',
    });
    expect(counting.calls.verify).toBe(verifies);
    // Another session of the same user is held as well.
    expect(
      (
        await (
          await signIn(server.baseUrl, 'operator')
        ).c.post('/auth/changepassword', {
          email: 'operator@demo.jejak.my',
          currentPassword: 'demo1234',
          newPassword: 'ganti-12345',
        })
      ).status,
    ).toBe(429);

    clock += 15 * 60_000;
    const mailed = await change('demo1234', 'Operator-rumah-1');
    expect(mailed.body).toMatchObject({ status: 400, message: 'Password must not contain the e-mail address' });
    const named = await change('demo1234', 'aisyah-rumah-1');
    expect(named.body).toMatchObject({ status: 400, message: 'Password must not contain the user name' });
    expect((await change('demo1234')).body).toEqual({ status: 200, message: 'Reset password success' });
  });
});
