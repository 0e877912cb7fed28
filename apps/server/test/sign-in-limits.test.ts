import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Sign-in and reset limits (issue 10 §3, ADR 0033). Every address of 127.0.0.0/8 is this
 * machine, so a client binding 127.0.0.N is "another address" to the server. The limits live
 * in memory, whatever the store, so PGlite alone runs them.
 */
interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | undefined;
}

function postFrom(baseUrl: string, localAddress: string, path: string, body: unknown): Promise<Answer> {
  const url = new URL(`/api${path}`, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
            retryAfter: res.headers['retry-after'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const TOO_MANY = { status: 429, errorType: 'TooManyAttempts' };

describe('sign-in limits', () => {
  let server: TestServer;
  let clock = Date.now();
  const signIn = (from: string, email: string, password: string) =>
    postFrom(server.baseUrl, from, '/auth/login', { email, password });

  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      { JEJAK_LOGIN_MAX_PER_MINUTE: '8', JEJAK_LOGIN_BACKOFF_AFTER: '10', JEJAK_LOGIN_BACKOFF_MAX_SECONDS: '5' },
      () => clock,
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an attacker at one address does not lock the user out at another', async () => {
    const attacker = await Promise.all(
      Array.from({ length: 30 }, () => signIn('127.0.0.2', 'owner2@demo.jejak.my', 'guess-12345')),
    );
    expect(attacker.filter((a) => a.status === 401)).toHaveLength(8);
    expect(attacker.filter((a) => a.status === 429)).toHaveLength(22);
    expect(attacker.find((a) => a.status === 429)?.body).toMatchObject(TOO_MANY);

    const user = await signIn('127.0.0.3', 'owner2@demo.jejak.my', 'demo1234');
    expect(user.status).toBe(200);
  });

  it('limits one address over every e-mail, and no other address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 81; i++) {
      statuses.push((await signIn('127.0.0.4', `nobody${i}@demo.jejak.my`, 'guess-12345')).status);
    }
    expect(statuses.slice(0, 80).every((s) => s === 404)).toBe(true);
    expect(statuses[80]).toBe(429);
    expect((await signIn('127.0.0.5', 'nobody@demo.jejak.my', 'guess-12345')).status).toBe(404);
  });

  it('backs off per e-mail after failures from several addresses, doubling up to the bound', async () => {
    const victim = 'distributor@demo.jejak.my';
    // The user's own address: signed in before the attack.
    expect((await signIn('127.0.0.6', victim, 'demo1234')).status).toBe(200);

    // One address adds at most five failures: the first alone starts nothing.
    for (let i = 0; i < 8; i++) expect((await signIn('127.0.0.7', victim, 'guess-12345')).status).toBe(401);
    expect((await signIn('127.0.0.8', victim, 'guess-12345')).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await signIn('127.0.0.9', victim, 'guess-12345')).status).toBe(401);

    // Ten counted failures: held for 1 s, then 2, 4, and at most 5 s.
    const waits: string[] = [];
    for (let step = 0; step < 5; step++) {
      const from = `127.0.1.${step + 1}`;
      const held = await signIn(from, victim, 'guess-12345');
      expect(held.body).toMatchObject(TOO_MANY);
      waits.push(held.retryAfter ?? '');
      // The right password from an unknown address is held too: it must not reveal itself.
      expect((await signIn(from, victim, 'demo1234')).status).toBe(429);
      // The user at its own address is never held.
      expect((await signIn('127.0.0.6', victim, 'demo1234')).status).toBe(200);
      clock += Number(held.retryAfter) * 1_000;
      expect((await signIn(from, victim, 'guess-12345')).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '5', '5']);

    // Failures are forgotten after a quiet quarter of an hour.
    clock += 15 * 60_000 + 1;
    expect((await signIn('127.0.1.9', victim, 'demo1234')).status).toBe(200);
  });
});

describe('reset password limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_LOGIN_MAX_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('limits reset attempts per address', async () => {
    const reset = (from: string) =>
      postFrom(server.baseUrl, from, '/auth/resetpassword', { token: 'x'.repeat(43), newPassword: 'panjang-123' });
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++) answers.push(await reset('127.0.0.2'));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[5]?.body).toEqual({
      status: 429,
      errorType: 'TooManyAttempts',
      message: 'Too many reset attempts, please wait a minute and try again',
    });
    expect(Number(answers[5]?.retryAfter)).toBeGreaterThan(0);
    expect((await reset('127.0.0.3')).status).toBe(400);
  });
});
