import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  CONFIRM_RECIPIENT_ROUTE,
  ERROR_TYPES,
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPES,
  type Notification,
} from '@jejak/contract';
import { messageAccountOf, type MessageAccount, type User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import { addressOf, type MessageGuard } from '../../notify/message-guard.ts';
import { confirmationMail } from '../../notify/messages.ts';
import type { Mailer } from '../accounts/mailer.ts';
import { hashToken } from '../accounts/auth-service.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';

export interface RecipientConfirmationDeps {
  repos: Pick<Repos, 'messageGuards' | 'users'>;
  guard: Pick<MessageGuard, 'takeQuota'>;
  mailer: Mailer;
  publicUrl: () => string;
  ttlMs: number;
  resendMs: number;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

export const accountOfUser = (u: User): MessageAccount =>
  messageAccountOf({ uid: u.uid, role: u.userRole, hierarchy: u.userHierarchy });

/** The lower-cased e-mail addresses of an e-mail notification's recipients. */
function emailAddresses(n: Pick<Notification, 'serviceType' | 'recipient'>): string[] {
  if (n.serviceType !== NOTIFICATION_TYPES.EMAIL) return [];
  return [...new Set(n.recipient.flatMap((r) => (r.email ? [addressOf(r.email)] : [])))];
}

/**
 * Outside e-mail recipients confirm by a link before any alert reaches them (ADR 0083). An
 * address is inside when it is the e-mail of a user in the account's organisation; any other is
 * outside, and adding it mails one link (256 random bits, stored as a SHA-256 hash, single use,
 * expiring) at most once per resend interval, counted in the account's e-mail quota.
 */
export function createRecipientConfirmationService(deps: RecipientConfirmationDeps) {
  const { messageGuards: repo, users } = deps.repos;

  /** The outside addresses of these that have not confirmed. */
  async function awaitingOf(account: MessageAccount, addresses: readonly string[]): Promise<string[]> {
    const inside = await repo.insideAddresses(account, addresses);
    const outside = addresses.filter((a) => !inside.has(a));
    const states = await repo.states(account.uid, outside);
    return outside.filter((a) => states.get(a) !== 'confirmed');
  }

  /** Records a new link and mails it; what happened, as the resend call answers it. */
  async function sendLink(account: MessageAccount, accountEmail: string, address: string): Promise<string> {
    if (!deps.mailer.configured) throw new AppError(503, ERROR_TYPES.mailUnavailable, ACCOUNT_TEXTS.mailUnavailable);
    const token = randomBytes(32).toString('base64url');
    const asked = await repo.requestLink(account.uid, address, {
      tokenHash: hashToken(token),
      nowMs: deps.now(),
      ttlMs: deps.ttlMs,
      resendMs: deps.resendMs,
    });
    if (asked === 'confirmed') return NOTIFICATION_TEXTS.alreadyConfirmed;
    if (asked === 'recent') throw new AppError(429, ERROR_TYPES.tooManyAttempts, NOTIFICATION_TEXTS.confirmationRecent);
    const refused = await deps.guard.takeQuota(account, NOTIFICATION_TYPES.EMAIL);
    if (refused) throw new AppError(429, ERROR_TYPES.tooManyAttempts, refused.statusMessage);
    const link = `${deps.publicUrl().replace(/\/+$/, '')}${CONFIRM_RECIPIENT_ROUTE}?token=${token}`;
    const mail = confirmationMail(accountEmail, link, Math.round(deps.ttlMs / 3_600_000));
    try {
      await deps.mailer.send({ to: address, ...mail });
    } catch (err) {
      throw new AppError(502, ERROR_TYPES.mailUnavailable, ACCOUNT_TEXTS.mailFailed, { cause: String(err) });
    }
    return NOTIFICATION_TEXTS.confirmationSent;
  }

  return {
    /**
     * After a notification is saved: mails a link to each outside address not confirmed yet and
     * not asked recently. A failure is logged, not the save's: the recipient stays awaiting and
     * the console offers to send again.
     */
    async requestFor(creator: User, n: Pick<Notification, 'serviceType' | 'recipient'>): Promise<void> {
      const account = accountOfUser(creator);
      const owner = await users.findByUid(account.uid);
      if (!owner) return;
      for (const address of await awaitingOf(account, emailAddresses(n)))
        await sendLink(account, owner.user.userEmail, address).catch((err: unknown) => {
          if (!(err instanceof AppError) || err.status >= 500) deps.onError(err, 'recipient confirmation');
        });
    },

    /** Each notification with its outside e-mail recipients still awaiting confirmation. */
    async withStates(notifications: readonly Notification[]): Promise<Notification[]> {
      const creators = new Map<string, MessageAccount | null>();
      const out: Notification[] = [];
      for (const n of notifications) {
        if (!creators.has(n.createdBy)) {
          const found = await users.findByUid(n.createdBy);
          creators.set(n.createdBy, found ? accountOfUser(found.user) : null);
        }
        const account = creators.get(n.createdBy);
        const addresses = emailAddresses(n);
        out.push({
          ...n,
          awaitingConfirmation: account && addresses.length > 0 ? await awaitingOf(account, addresses) : [],
        });
      }
      return out;
    },

    /** The resend button: one address of a notification the caller reaches. */
    async resend(n: Notification, email: string): Promise<string> {
      const address = addressOf(email);
      if (!emailAddresses(n).includes(address)) throw AppError.validation(NOTIFICATION_TEXTS.notAwaiting);
      const creator = await users.findByUid(n.createdBy);
      if (!creator) throw AppError.notFound(NOTIFICATION_TEXTS.notificationNotFound);
      const account = accountOfUser(creator.user);
      if ((await awaitingOf(account, [address])).length === 0)
        throw AppError.validation(NOTIFICATION_TEXTS.notAwaiting);
      const owner = await users.findByUid(account.uid);
      return sendLink(account, owner?.user.userEmail ?? creator.user.userEmail, address);
    },

    /** The link's page: spends the token, once. */
    async confirm(token: string): Promise<void> {
      const confirmed = await repo.confirm(hashToken(token), deps.now());
      if (!confirmed) throw AppError.validation(NOTIFICATION_TEXTS.confirmLinkInvalid);
    },
  };
}
export type RecipientConfirmationService = ReturnType<typeof createRecipientConfirmationService>;
