import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { selfSignedCert, startReceiver } from '../../test/webhook-receiver.ts';
import { isPublicAddress, sendWebhook, signWebhook } from './webhook-sender.ts';

const SECRET = 'whsec_test';
const tls = selfSignedCert();
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver(
    tls,
    () => SECRET,
    (path) => (path === '/moved' ? { redirect: 'https://169.254.169.254/latest/meta-data' } : 200),
  );
});
afterAll(async () => {
  await receiver.close();
  tls.dispose();
});

const request = (url: string) => ({ url, secret: SECRET, kind: 'sos', deliveryId: 'd-1', body: '{"id":"d-1"}' });
const trusted = {
  allowPrivate: true,
  ca: readFileSync(tls.caFile, 'utf8'),
  timeoutMs: 5_000,
  now: () => 1_795_737_600_000,
};

describe('sendWebhook', () => {
  it('posts the signed body to an HTTPS receiver that trusts the signature', async () => {
    const r = await sendWebhook(request(`https://localhost:${receiver.port}/hook`), trusted);
    expect(r).toMatchObject({ ok: true, responseCode: 200, error: null });
    expect(r.latencyMs).not.toBeNull();
    const got = receiver.received.at(-1);
    expect(got?.verified).toBe(true);
    expect(got?.headers['x-jejak-event']).toBe('sos');
    expect(got?.headers['x-jejak-delivery']).toBe('d-1');
    expect(got?.headers['x-jejak-signature']).toBe(signWebhook(SECRET, 1_795_737_600, '{"id":"d-1"}'));
  });

  it('refuses loopback, hostnames resolving to private addresses and http:// without the flag', async () => {
    const strict = { ...trusted, allowPrivate: false };
    const before = receiver.received.length;
    const literal = await sendWebhook(request(`https://127.0.0.1:${receiver.port}/hook`), strict);
    expect(literal).toMatchObject({ ok: false, retryable: false });
    expect(literal.error).toMatch(/private or reserved address \(127\.0\.0\.1\)/);
    const named = await sendWebhook(request(`https://localhost:${receiver.port}/hook`), strict);
    expect(named.error).toMatch(/localhost resolves to a private or reserved address/);
    const plain = await sendWebhook(request(`http://example.com/hook`), strict);
    expect(plain.error).toBe('Only https:// addresses are allowed');
    expect(receiver.received.length).toBe(before);
  });

  it('does not follow a redirect', async () => {
    const r = await sendWebhook(request(`https://localhost:${receiver.port}/moved`), trusted);
    expect(r).toMatchObject({ ok: false, retryable: true, responseCode: 302, error: 'Redirects are not followed' });
  });

  it('does not trust a certificate its CA option does not name', async () => {
    const untrusted = { allowPrivate: true, timeoutMs: trusted.timeoutMs, now: trusted.now };
    const r = await sendWebhook(request(`https://localhost:${receiver.port}/hook`), untrusted);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/self-signed|certificate/i);
  });

  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
  ])('%s public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});
