import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Twilio's REST API Jejak uses (POST Messages.json and
 * Calls.json under /2010-04-01/Accounts/{sid}, basic auth), which then plays the callee and
 * calls our webhooks signed as Twilio signs them: base64 HMAC-SHA1, keyed by the auth token,
 * of the URL followed by every posted field name and value sorted by name (X-Twilio-Signature).
 */

/** What a callee does: not answer, answer and hang up, press a key, or never report (lost). */
export type StandinCallee = 'no-answer' | 'hangup' | `press:${string}` | 'silent';

export interface StandinRequest {
  path: string;
  fields: Record<string, string>;
}

export interface StandinHook {
  url: string;
  fields: Record<string, string>;
  status: number;
  body: string;
}

export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, key) => acc + key + fields[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

const sidOf = (prefix: string) => prefix + randomBytes(16).toString('hex');

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** The <Gather action> of a TwiML document (XML-escaped as TwiML writes it). */
function gatherAction(twiml: string): string | null {
  const m = /<Gather[^>]*\saction="([^"]+)"/.exec(twiml);
  return m?.[1] ? m[1].replace(/&amp;/g, '&') : null;
}

export async function startTwilioStandin(opts: {
  accountSid: string;
  authToken: string;
  callees: Record<string, StandinCallee>;
}) {
  const requests: StandinRequest[] = [];
  const hooks: StandinHook[] = [];
  const inFlight = new Set<Promise<void>>();

  /** Posts a webhook; `signature` replaces the right one (forged or missing). */
  async function sendHook(
    url: string,
    fields: Record<string, string>,
    signature?: string | null,
  ): Promise<StandinHook> {
    const sig = signature === undefined ? twilioSignature(opts.authToken, url, fields) : signature;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(sig === null ? {} : { 'x-twilio-signature': sig }),
      },
      body: new URLSearchParams(fields).toString(),
    });
    const hook = { url, fields, status: res.status, body: await res.text() };
    hooks.push(hook);
    return hook;
  }

  /** Plays the callee of one call, as Twilio reports a call: gather action first, then status. */
  async function play(callSid: string, fields: Record<string, string>): Promise<void> {
    const callee = opts.callees[fields.To ?? ''] ?? 'no-answer';
    const status = fields.StatusCallback;
    if (callee === 'silent' || !status) return;
    const base = { AccountSid: opts.accountSid, CallSid: callSid, From: fields.From ?? '', To: fields.To ?? '' };
    if (callee.startsWith('press:')) {
      const action = gatherAction(fields.Twiml ?? '');
      if (action) await sendHook(action, { ...base, Digits: callee.slice('press:'.length), CallStatus: 'in-progress' });
    }
    const callStatus = callee === 'no-answer' ? 'no-answer' : 'completed';
    await sendHook(status, { ...base, CallStatus: callStatus, CallDuration: callStatus === 'completed' ? '12' : '0' });
  }

  function later(work: () => Promise<void>): void {
    const p = work()
      .catch(() => undefined)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://standin').pathname;
      const expected = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== expected) {
        send(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
        return;
      }
      const fields = await formOf(req);
      requests.push({ path, fields });
      const account = `/2010-04-01/Accounts/${opts.accountSid}`;
      if (req.method === 'POST' && path === `${account}/Messages.json`) {
        const sid = sidOf('SM');
        send(201, {
          sid,
          account_sid: opts.accountSid,
          to: fields.To,
          from: fields.From,
          body: fields.Body,
          status: 'queued',
        });
        const callback = fields.StatusCallback;
        if (callback)
          later(async () => {
            await sendHook(callback, {
              AccountSid: opts.accountSid,
              MessageSid: sid,
              MessageStatus: 'delivered',
              To: fields.To ?? '',
            });
          });
        return;
      }
      if (req.method === 'POST' && path === `${account}/Calls.json`) {
        const sid = sidOf('CA');
        send(201, { sid, account_sid: opts.accountSid, to: fields.To, from: fields.From, status: 'queued' });
        later(() => play(sid, fields));
        return;
      }
      send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hooks,
    sendHook,
    async close(): Promise<void> {
      await Promise.all(inFlight);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type TwilioStandin = Awaited<ReturnType<typeof startTwilioStandin>>;
