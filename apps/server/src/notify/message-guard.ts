import { NOTIFICATION_TEXTS, NOTIFICATION_TYPES, type Recipient } from '@jejak/contract';
import { formatLocalDateTime, type MessageAccount } from '@jejak/domain';
import type { Config } from '../config/schema.ts';
import type { Mailer } from '../services/accounts/mailer.ts';
import type { MessageGuardRepo } from '../storage/repos/alerts/message-guard-repo.ts';
import { quotaMail } from './messages.ts';
import type { AttemptResult } from './senders.ts';

/** The channels a quota counts (PUSH is free: it reaches only the account's own users). */
type CountedChannel = typeof NOTIFICATION_TYPES.EMAIL | typeof NOTIFICATION_TYPES.SMS | typeof NOTIFICATION_TYPES.CALL;

const CHANNEL_WORDS: Readonly<Record<CountedChannel, { word: string; refused: string }>> = {
  [NOTIFICATION_TYPES.EMAIL]: { word: 'e-mail', refused: NOTIFICATION_TEXTS.emailQuotaReached },
  [NOTIFICATION_TYPES.SMS]: { word: 'SMS', refused: NOTIFICATION_TEXTS.smsQuotaReached },
  [NOTIFICATION_TYPES.CALL]: { word: 'call', refused: NOTIFICATION_TEXTS.callQuotaReached },
};

export type QuotaLimits = Readonly<Record<CountedChannel, number>>;

export function quotaLimitsOf(config: Config): QuotaLimits {
  return {
    [NOTIFICATION_TYPES.EMAIL]: config.JEJAK_NOTIFY_DAILY_EMAILS,
    [NOTIFICATION_TYPES.SMS]: config.JEJAK_NOTIFY_DAILY_SMS,
    [NOTIFICATION_TYPES.CALL]: config.JEJAK_NOTIFY_DAILY_CALLS,
  };
}

/** The address an e-mail recipient is confirmed under: trimmed and lower-cased. */
export const addressOf = (email: string): string => email.trim().toLowerCase();

export interface MessageGuardDeps {
  repo: MessageGuardRepo;
  mailer: Mailer;
  limits: QuotaLimits;
  timeZone: string;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

const notSent = (statusCode: number, statusMessage: string): AttemptResult => ({
  ok: false,
  statusCode,
  statusMessage,
  retryable: false,
});

/**
 * The abuse guards every outgoing message passes (ADR 0083): an e-mail goes only to an address
 * of the account's organisation or one its owner confirmed, and each counted channel takes one
 * from the account's daily quota in the database (shared by every node). A refusal is what the
 * notification log records; the owner hears of a spent quota once a day per channel.
 */
export function createMessageGuard(deps: MessageGuardDeps) {
  const { repo } = deps;

  async function tellOwner(account: MessageAccount, channel: CountedChannel, day: string): Promise<void> {
    const owner = await repo.ownerOf(account.uid);
    if (!owner || !deps.mailer.configured) return;
    await deps.mailer.send({
      to: owner.userEmail,
      ...quotaMail(CHANNEL_WORDS[channel].word, deps.limits[channel], day),
    });
  }

  /** Takes one message of the day's quota: null when under it, else the refusal to log. */
  async function takeQuota(account: MessageAccount, channel: CountedChannel): Promise<AttemptResult | null> {
    const nowMs = deps.now();
    const day = formatLocalDateTime(nowMs, deps.timeZone).slice(0, 10);
    if (await repo.takeQuota(account.uid, day, channel, deps.limits[channel])) return null;
    if (await repo.markQuotaWarned(account.uid, day, channel, nowMs))
      tellOwner(account, channel, day).catch((err: unknown) => deps.onError(err, 'quota notice'));
    return notSent(429, CHANNEL_WORDS[channel].refused.replace('{n}', String(deps.limits[channel])));
  }

  /** Whether an e-mail may go to this address: inside the account's organisation, or confirmed. */
  async function mayMail(account: MessageAccount, email: string): Promise<boolean> {
    const address = addressOf(email);
    if ((await repo.insideAddresses(account, [address])).has(address)) return true;
    return (await repo.states(account.uid, [address])).get(address) === 'confirmed';
  }

  return {
    takeQuota,
    mayMail,
    /** One escalation call (each ring counts). */
    takeCall: (account: MessageAccount) => takeQuota(account, NOTIFICATION_TYPES.CALL),
    /** A delivery's guards: null to send it, else why it is not sent. */
    async permit(account: MessageAccount, channel: number, r: Recipient): Promise<AttemptResult | null> {
      if (channel === NOTIFICATION_TYPES.EMAIL) {
        if (r.email && !(await mayMail(account, r.email))) return notSent(403, NOTIFICATION_TEXTS.awaitingConfirmation);
        return takeQuota(account, channel);
      }
      if (channel === NOTIFICATION_TYPES.SMS || channel === NOTIFICATION_TYPES.CALL) return takeQuota(account, channel);
      return null;
    },
  };
}
export type MessageGuard = ReturnType<typeof createMessageGuard>;

/** The message guard of a node (ADR 0083): the same limits for the API's links and the scheduler's sends. */
export function messageGuardOf(
  repo: MessageGuardRepo,
  deps: { mailer: Mailer; config: Config; now: () => number; onError: (err: unknown, context: string) => void },
) {
  return createMessageGuard({
    repo,
    mailer: deps.mailer,
    limits: quotaLimitsOf(deps.config),
    timeZone: deps.config.JEJAK_TIME_ZONE,
    now: deps.now,
    onError: deps.onError,
  });
}
