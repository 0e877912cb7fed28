import { NOTIFICATION_TYPES, type Recipient } from '@jejak/contract';
import type { Mailer } from '../services/accounts/mailer.ts';
import type { ClaimedDelivery } from '../storage/repos/alerts/delivery-repo.ts';
import { eventMail, eventSms } from './messages.ts';
import type { SmsProvider } from './providers/provider.ts';
import type { PushChannel } from './push-channel.ts';

/** The answer to one attempt, as the log records it. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number;
  statusMessage: string;
  /** Whether trying again later could help (no answer, a temporary refusal). */
  retryable: boolean;
}

export interface SenderDeps {
  mailer: Mailer;
  sms: SmsProvider | null;
  live: PushChannel;
  timeZone: string;
}

const NO_PUSH_CONSOLE = 'No open console';

/** An SMTP failure: its reply code when the server answered (4xx temporary, 5xx permanent), else 0. */
function smtpFailure(err: unknown): AttemptResult {
  const e = err as { responseCode?: unknown; response?: unknown; message?: unknown };
  const statusCode = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const said = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : String(err);
  return { ok: false, statusCode, statusMessage: said.slice(0, 500), retryable: statusCode < 500 };
}

async function sendMail(deps: SenderDeps, d: ClaimedDelivery, to: string): Promise<AttemptResult> {
  if (!deps.mailer.configured)
    return { ok: false, statusCode: 0, statusMessage: 'SMTP is not configured', retryable: false };
  try {
    const response = await deps.mailer.send({ to, ...eventMail(d.notificationName, d.event, deps.timeZone) });
    const code = Number.parseInt(response, 10);
    return {
      ok: true,
      statusCode: Number.isFinite(code) ? code : 250,
      statusMessage: response.slice(0, 500),
      retryable: false,
    };
  } catch (err) {
    return smtpFailure(err);
  }
}

async function sendSms(deps: SenderDeps, d: ClaimedDelivery, to: string): Promise<AttemptResult> {
  if (!deps.sms) return { ok: false, statusCode: 0, statusMessage: 'No SMS provider is configured', retryable: false };
  try {
    const a = await deps.sms.sendSms(to, eventSms(d.event, deps.timeZone));
    const ok = a.statusCode >= 200 && a.statusCode < 300;
    return {
      ok,
      statusCode: a.statusCode,
      statusMessage: a.statusMessage,
      retryable: !ok && (a.statusCode === 0 || a.statusCode >= 500),
    };
  } catch (err) {
    return {
      ok: false,
      statusCode: 0,
      statusMessage: err instanceof Error ? err.message : String(err),
      retryable: true,
    };
  }
}

/**
 * A push reaches the recipient's open consoles now or never: with none open there is no one to
 * retry for, and the event stays in Event Record (ADR 0047).
 */
async function sendPush(deps: SenderDeps, d: ClaimedDelivery, uid: string): Promise<AttemptResult> {
  const consoles = await deps.live.push([uid], d.event.dvid, d.event);
  if (consoles === 0) return { ok: false, statusCode: 404, statusMessage: NO_PUSH_CONSOLE, retryable: false };
  return { ok: true, statusCode: 200, statusMessage: `Delivered to ${consoles} open console(s)`, retryable: false };
}

const incomplete = (r: Recipient): AttemptResult => ({
  ok: false,
  statusCode: 400,
  statusMessage: `Recipient ${r.name || '(no name)'} has no address for this channel`,
  retryable: false,
});

/** Sends one attempt of a delivery on its channel (calls are escalation chains, not deliveries). */
export function createSenders(deps: SenderDeps) {
  return async function send(d: ClaimedDelivery): Promise<AttemptResult> {
    const r = d.recipient;
    switch (d.serviceType) {
      case NOTIFICATION_TYPES.EMAIL:
        return r.email ? sendMail(deps, d, r.email) : incomplete(r);
      case NOTIFICATION_TYPES.SMS:
        return r.contact ? sendSms(deps, d, r.contact) : incomplete(r);
      case NOTIFICATION_TYPES.PUSH:
        return r.uid ? sendPush(deps, d, r.uid) : incomplete(r);
      default:
        return { ok: false, statusCode: 400, statusMessage: 'Calls are rung by escalation chains', retryable: false };
    }
  };
}
export type SendAttempt = ReturnType<typeof createSenders>;
