import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, MESSAGES, PROVIDER_HOOK_PATHS } from '@jejak/contract';
import { caller, chainOf, seedChain, until } from './escalation-fixture.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { startTwilioStandin, twilioSignature, type TwilioStandin } from './twilio-standin.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'standin-auth-token-0001';

describe('Twilio adapter against a local stand-in of its REST API', () => {
  let standin: TwilioStandin;
  let server: TestServer;

  beforeAll(async () => {
    standin = await startTwilioStandin({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      callees: { '+60123000001': 'no-answer', '+60123000002': 'press:1', '+60123000005': 'silent' },
    });
    server = await startTestServer('pglite', {
      JEJAK_NOTIFY_PROVIDER: 'twilio',
      JEJAK_TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      JEJAK_TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      JEJAK_TWILIO_FROM: '+15005550006',
      JEJAK_TWILIO_BASE_URL: standin.url,
      JEJAK_ESCALATION_SWEEP_MS: '100',
      JEJAK_ESCALATION_RING_SECONDS: '600',
    });
  });
  afterAll(async () => {
    await standin?.close();
    await server?.stop();
  });

  it('sends an SMS through the SDK and accepts its signed delivery report', async () => {
    const answer = await server.app.providers.sms.sendSms('+60123000002', 'Jejak alert: help me on Lori 1');
    expect(answer.statusCode).toBe(201);
    expect(answer.ref).toMatch(/^SM[0-9a-f]{32}$/);
    const sent = standin.requests.find((r) => r.path.endsWith('/Messages.json'));
    expect(sent?.fields).toMatchObject({
      To: '+60123000002',
      From: '+15005550006',
      Body: 'Jejak alert: help me on Lori 1',
      StatusCallback: `${server.baseUrl}${API_BASE}${PROVIDER_HOOK_PATHS.twilioSmsStatus}`,
    });
    const report = await until(
      () => standin.hooks.find((h) => h.fields.MessageSid === answer.ref),
      (h) => h !== undefined,
    );
    expect(report?.status).toBe(204);
  });

  it('rings a chain through Calls, with keypad gather and status callbacks, until the key is pressed', async () => {
    const db = server.app.database.db;
    const { ecid } = await seedChain(db, {
      recipients: [caller('Aminah', '+60123000001'), caller('Badrul', '+60123000002'), caller('Chong', '+60123000003')],
    });
    const done = await until(
      () => chainOf(db, ecid),
      (c) => c.state.status !== 0,
    );
    expect(done.state.status).toBe(1);
    expect(done.records.map((r) => [r.contact_number, r.status, r.detail])).toEqual([
      ['+60123000001', -1, 'no-answer'],
      ['+60123000002', 1, 'key 1'],
    ]);
    expect(done.records.every((r) => r.call_ref?.startsWith('CA'))).toBe(true);
    const calls = standin.requests.filter((r) => r.path.endsWith('/Calls.json'));
    expect(calls.map((c) => c.fields.To)).toEqual(['+60123000001', '+60123000002']);
    expect(calls[1]?.fields.Twiml).toContain('<Gather numDigits="1"');
    expect(calls[1]?.fields.Twiml).toContain('Jejak alert: help me on');
    expect(calls[1]?.fields.StatusCallback).toBe(
      `${server.baseUrl}${API_BASE}${PROVIDER_HOOK_PATHS.twilioStatus}?ref=${done.records[1]?.ecrid ?? ''}`,
    );
    // Every webhook the stand-in sent was accepted: the gather answered with TwiML.
    // (The last call's completed status comes after the key that ended the chain.)
    const chainHooks = await until(
      () => standin.hooks.filter((h) => done.records.some((r) => h.url.includes(r.ecrid))),
      (hooks) => hooks.length === 3,
    );
    expect(chainHooks.map((h) => h.status)).toEqual([204, 200, 204]);
    expect(chainHooks[1]?.body).toContain('<Response><Say>');
  });

  it('refuses webhooks with a bad or missing signature, and acts on the genuine one', async () => {
    const db = server.app.database.db;
    const { ecid } = await seedChain(db, { recipients: [caller('Dewi', '+60123000005')] });
    const ringing = await until(
      () => chainOf(db, ecid),
      (c) => c.records[0]?.call_ref != null,
    );
    const ecrid = ringing.records[0]?.ecrid ?? '';
    const url = `${server.baseUrl}${API_BASE}${PROVIDER_HOOK_PATHS.twilioGather}?ref=${ecrid}`;
    const fields = { AccountSid: ACCOUNT_SID, CallSid: ringing.records[0]?.call_ref ?? '', Digits: '1' };

    const forged = await standin.sendHook(url, fields, twilioSignature('not-the-token', url, fields));
    const unsigned = await standin.sendHook(url, fields, null);
    const tampered = await standin.sendHook(
      url,
      { ...fields, Digits: '1' },
      twilioSignature(AUTH_TOKEN, url, { ...fields, Digits: '2' }),
    );
    for (const refused of [forged, unsigned, tampered]) {
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toEqual({ status: 403, errorType: 'Forbidden', message: MESSAGES.forbidden });
    }
    expect((await chainOf(db, ecid)).state.status).toBe(0);
    expect((await chainOf(db, ecid)).records[0]?.status).toBe(0);

    const genuine = await standin.sendHook(url, fields);
    expect(genuine.status).toBe(200);
    expect((await chainOf(db, ecid)).state.status).toBe(1);
  });
});
