import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const kinds = await dbKinds();
const LINK_RE = /http:\/\/console\.test\/ResetPassword\?token=([A-Za-z0-9_-]+)/;

describe.each(kinds)('password reset by e-mail on %s', (kind) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let clock = Date.now();
  let operatorUid = '';
  let owner2Uid = '';
  const owner = () => apiClient(server.baseUrl);

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      kind,
      {
        JEJAK_SMTP_HOST: '127.0.0.1',
        JEJAK_SMTP_PORT: String(sink.port),
        JEJAK_PUBLIC_URL: 'http://console.test/',
        JEJAK_MAIL_FROM: 'Jejak <no-reply@jejak.test>',
        JEJAK_RESET_TOKEN_TTL_MINUTES: '60',
      },
      () => clock,
    );
    const c = apiClient(server.baseUrl);
    operatorUid = (await c.login('operator@demo.jejak.my')).uid;
    owner2Uid = (await c.login('owner2@demo.jejak.my')).uid;
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  async function requestLink(by: ReturnType<typeof apiClient>, uid: string) {
    const next = sink.nextMail();
    const r = await by.post('/user/resetpassword', { uid });
    expect(r.body).toEqual({ status: 200, message: 'A reset password link has been sent to the user' });
    const mail = await next;
    const token = LINK_RE.exec(mail.decoded)?.[1];
    if (!token) throw new Error('no link in the mail');
    return { token, mail };
  }

  it('mails a single-use link; setting the password ends every old session', async () => {
    const op1 = apiClient(server.baseUrl);
    const op2 = apiClient(server.baseUrl);
    await op1.login('operator@demo.jejak.my');
    await op2.login('operator@demo.jejak.my');
    const o = owner();
    await o.login('owner@demo.jejak.my');

    const { token, mail } = await requestLink(o, operatorUid);
    expect(mail.to).toEqual(['operator@demo.jejak.my']);
    expect(mail.from).toBe('no-reply@jejak.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Jejak password/m);

    const anonymous = apiClient(server.baseUrl);
    const done = await anonymous.post('/auth/resetpassword', { token, newPassword: 'baru-12345' });
    expect(done.body).toEqual({ status: 200, message: 'Reset password success' });

    expect((await op1.post('/auth/session')).status).toBe(401);
    expect((await op2.post('/auth/session')).status).toBe(401);
    const old = await apiClient(server.baseUrl).post('/auth/login', {
      email: 'operator@demo.jejak.my',
      password: 'demo1234',
    });
    expect(old.body.message).toBe('Entered a wrong password, please try again');
    await apiClient(server.baseUrl).login('operator@demo.jejak.my', 'baru-12345');

    const again = await anonymous.post('/auth/resetpassword', { token, newPassword: 'another-123' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      status: 400,
      errorType: 'InvalidResetToken',
      message: 'This reset password link is invalid or has expired',
    });
  });

  it('expires links, and a newer link voids the older one', async () => {
    const o = owner();
    await o.login('owner@demo.jejak.my');
    const first = (await requestLink(o, operatorUid)).token;
    const second = (await requestLink(o, operatorUid)).token;
    const anonymous = apiClient(server.baseUrl);
    expect((await anonymous.post('/auth/resetpassword', { token: first, newPassword: 'lama-12345' })).status).toBe(400);

    clock += 61 * 60_000;
    const late = await anonymous.post('/auth/resetpassword', { token: second, newPassword: 'lama-12345' });
    expect(late.body.message).toBe('This reset password link is invalid or has expired');
  });

  it('validates the new password and the token', async () => {
    const anonymous = apiClient(server.baseUrl);
    const short = await anonymous.post('/auth/resetpassword', { token: 'x'.repeat(43), newPassword: 'short' });
    expect(short.body).toMatchObject({ status: 400, message: 'Password must be at least 8 characters' });
    const unknown = await anonymous.post('/auth/resetpassword', { token: 'x'.repeat(43), newPassword: 'panjang-123' });
    expect(unknown.body.message).toBe('This reset password link is invalid or has expired');
  });

  it('sends no link for a user outside the subtree, and answers as for a missing one', async () => {
    const o = owner();
    await o.login('owner@demo.jejak.my');
    const before = sink.mails.length;
    const foreign = await o.post('/user/resetpassword', { uid: owner2Uid });
    const missing = await o.post('/user/resetpassword', { uid: 'no-such-user' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const op = apiClient(server.baseUrl);
    await op.login('operator@demo.jejak.my', 'baru-12345');
    const notAllowed = await op.post('/user/resetpassword', { uid: owner2Uid });
    expect(notAllowed.status).toBe(403);
    expect(sink.mails.length).toBe(before);
  });

  it('changes the own password with the current one; other sessions end, this one stays', async () => {
    const here = apiClient(server.baseUrl);
    const elsewhere = apiClient(server.baseUrl);
    await here.login('operator@demo.jejak.my', 'baru-12345');
    await elsewhere.login('operator@demo.jejak.my', 'baru-12345');
    const wrong = await here.post('/auth/changepassword', {
      email: 'operator@demo.jejak.my',
      currentPassword: 'not-it-123',
      newPassword: 'ganti-12345',
    });
    expect(wrong.body).toMatchObject({ status: 400, message: 'Entered a wrong password, please try again' });
    const changed = await here.post('/auth/changepassword', {
      email: 'OPERATOR@demo.jejak.my',
      currentPassword: 'baru-12345',
      newPassword: 'ganti-12345',
    });
    expect(changed.body).toEqual({ status: 200, message: 'Reset password success' });
    expect((await here.post('/auth/session')).status).toBe(200);
    expect((await elsewhere.post('/auth/session')).status).toBe(401);
  });

  it('audits requests and resets with who and from where', async () => {
    const admin = apiClient(server.baseUrl);
    await admin.login('super@demo.jejak.my');
    const r = await admin.post('/audit/get', { targetId: operatorUid });
    const rows = r.body.auditLogs as { action: string; actorEmail: string | null; ip: string | null }[];
    const actions = rows.map((a) => a.action);
    expect(actions).toContain('password.resetRequested');
    expect(actions).toContain('password.reset');
    expect(actions).toContain('password.change');
    const requested = rows.find((a) => a.action === 'password.resetRequested');
    expect(requested).toMatchObject({ actorEmail: 'owner@demo.jejak.my', ip: '127.0.0.1' });
    expect(JSON.stringify(rows)).not.toMatch(/baru-12345|ganti-12345|token/);
  });
});
