import { randomUUID } from 'node:crypto';
import {
  ALERT_TEXTS,
  BUILT_IN_RULE_PREFIX,
  BUILT_IN_RULES,
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPES,
  type AddNotificationRequest,
  type Notification,
  type NotificationLogEntry,
  type Recipient,
  type UpdateNotificationRequest,
} from '@jejak/contract';
import { GEOFENCE_TEXTS, isValidContact, isValidEmail, type User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { NotificationInput } from '../../storage/repos/alerts/notification-repo.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import type { RecipientConfirmationService } from './recipient-confirmation-service.ts';
import { reachableUser, reaches, requireCall, viewerOf } from '../access.ts';

export interface NotificationServiceDeps {
  data: UnitOfWork<'notifications' | 'notificationLogs' | 'users'>;
  /** Outside e-mail recipients' links and states (ADR 0083). */
  confirmations: RecipientConfirmationService;
  /**
   * A notification was added or changed: the notifiers of every node drop their cache
   * ('notifications.changed', ADR 0063).
   */
  onChange: (nfid: string) => void;
  now: () => number;
}

type Fields = AddNotificationRequest['notification'];

const BUILT_IN_RUIDS = new Set(BUILT_IN_RULES.map((r) => `${BUILT_IN_RULE_PREFIX}${r.alarm}`));
const notificationNotFound = () => AppError.notFound(NOTIFICATION_TEXTS.notificationNotFound);
const nth = (text: string, i: number) => text.replace('{n}', String(i + 1));

/** A contact as sent to providers: +60 and digits (spaces and dashes dropped, a leading 0 or 60 completed). */
function normaliseContact(contact: string): string {
  const digits = contact.replace(/[\s-]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('60')) return `+${digits}`;
  if (digits.startsWith('0')) return `+6${digits}`;
  return `+60${digits}`;
}

/**
 * Notifications (spec 2 §3, §5): the role's grant (manageAlerts), then the hierarchy — a
 * notification is reached through its creator, and everything it names (rules, geofences, push
 * recipients) must be reached by its creator. A foreign object answers like a missing one.
 */
export function createNotificationService(deps: NotificationServiceDeps) {
  const { notifications, notificationLogs: logs, users } = deps.data.repos;
  const { confirmations } = deps;

  async function checkRules(creator: User, rules: Fields['rules']): Promise<void> {
    const found = await notifications.reachableRules(viewerOf(creator), Object.keys(rules));
    for (const [rtid, byRule] of Object.entries(rules)) {
      const template = found.get(rtid);
      if (!template) throw AppError.notFound(ALERT_TEXTS.ruleTemplateNotFound);
      for (const ruid of Object.keys(byRule))
        if (!template.ruids.has(ruid) && !(template.isDefault && BUILT_IN_RUIDS.has(ruid)))
          throw AppError.notFound(ALERT_TEXTS.ruleNotFound);
    }
  }

  async function checkGeofences(creator: User, geofences: Fields['geofences']): Promise<void> {
    const found = await notifications.reachableGeofences(viewerOf(creator), Object.keys(geofences));
    for (const [gtid, geoids] of Object.entries(geofences)) {
      const members = found.get(gtid);
      if (!members) throw AppError.notFound(GEOFENCE_TEXTS.templateNotFound);
      if (geoids.some((g) => !members.has(g))) throw AppError.notFound(GEOFENCE_TEXTS.geofenceNotFound);
    }
  }

  /** Each recipient with what its channel needs, and nothing else (spec 2 §3). */
  async function checkRecipient(creator: User, type: number, r: Recipient, i: number): Promise<Recipient> {
    const incomplete = () => AppError.validation(nth(NOTIFICATION_TEXTS.recipientIncomplete, i));
    const base = {
      name: r.name,
      isKeypadAuthorized: r.isKeypadAuthorized,
      ...(r.auth !== undefined ? { auth: r.auth } : {}),
    };
    switch (type) {
      case NOTIFICATION_TYPES.EMAIL: {
        if (!r.name || !r.email) throw incomplete();
        if (!isValidEmail(r.email)) throw AppError.validation(NOTIFICATION_TEXTS.invalidEmail);
        return { ...base, email: r.email };
      }
      case NOTIFICATION_TYPES.PUSH: {
        if (!r.uid) throw incomplete();
        const target = await users.findByUid(r.uid);
        if (!target || !reaches(creator, target.user))
          throw AppError.validation(nth(NOTIFICATION_TEXTS.recipientNotReachable, i));
        return { ...base, uid: r.uid, name: r.name || target.user.userName };
      }
      default: {
        if (!r.name || !r.contact) throw incomplete();
        const contact = normaliseContact(r.contact);
        if (!isValidContact(contact)) throw incomplete();
        return { ...base, contact };
      }
    }
  }

  /** The spec's checks past the form's (§5), in order; returns the notification as stored. */
  async function validated(caller: User, n: Fields): Promise<NotificationInput & { creator: User }> {
    const creator = (await reachableUser(users, caller, n.createdBy)).user;
    await checkRules(creator, n.rules);
    await checkGeofences(creator, n.geofences);
    // With the keypad on and no one authorised, everyone is (spec 2 §5).
    const authoriseAll = n.isKeypadEnabled && !n.recipient.some((r) => r.isKeypadAuthorized);
    const recipient: Recipient[] = [];
    for (const [i, r] of n.recipient.entries())
      recipient.push(
        await checkRecipient(creator, n.serviceType, authoriseAll ? { ...r, isKeypadAuthorized: true } : r, i),
      );
    return { ...n, createdBy: creator.uid, recipient, creator };
  }

  async function reachableNotification(caller: User, nfid: string): Promise<Notification> {
    const [found] = await notifications.createdWithin(viewerOf(caller), [nfid]);
    if (!found) throw notificationNotFound();
    return found;
  }

  return {
    /** The notifications created within `uid`'s subtree (default: the caller's), those ids only when given. */
    async list(caller: User, nfids: readonly string[], uid: string | undefined): Promise<Notification[]> {
      requireCall(caller, 'manageAlerts');
      const target = uid ? (await reachableUser(users, caller, uid)).user : caller;
      return confirmations.withStates(await notifications.createdWithin(viewerOf(target), nfids));
    },

    async add(caller: User, req: AddNotificationRequest): Promise<Notification> {
      requireCall(caller, 'manageAlerts');
      const { creator, ...input } = await validated(caller, req.notification);
      const added = await notifications.insert(randomUUID(), input, deps.now());
      deps.onChange(added.nfid);
      await confirmations.requestFor(creator, added);
      const [withStates] = await confirmations.withStates([added]);
      return withStates ?? added;
    },

    /** Changes a notification; its creator stays who made it. */
    async update(caller: User, req: UpdateNotificationRequest): Promise<Notification> {
      requireCall(caller, 'manageAlerts');
      const existing = await reachableNotification(caller, req.notification.nfid);
      const { creator, ...input } = await validated(caller, { ...req.notification, createdBy: existing.createdBy });
      const updated = await notifications.update(existing.nfid, input, deps.now());
      deps.onChange(updated.nfid);
      await confirmations.requestFor(creator, updated);
      const [withStates] = await confirmations.withStates([updated]);
      return withStates ?? updated;
    },

    /** Deletes a notification (ADR 0083): pending deliveries and calling chains stop, its log stays. */
    async remove(caller: User, nfid: string): Promise<void> {
      requireCall(caller, 'manageAlerts');
      const existing = await reachableNotification(caller, nfid);
      const deleted = await deps.data.transaction((tx) => tx.notifications.delete(existing.nfid, deps.now()));
      if (!deleted) throw notificationNotFound();
      deps.onChange(existing.nfid);
    },

    /** Mails an outside recipient of a notification the caller reaches its link again. */
    async resendConfirmation(caller: User, nfid: string, email: string): Promise<string> {
      requireCall(caller, 'manageAlerts');
      return confirmations.resend(await reachableNotification(caller, nfid), email);
    },

    confirmRecipient: (token: string) => confirmations.confirm(token),

    async log(caller: User, nfid: string, startMs: number, endMs: number): Promise<NotificationLogEntry[]> {
      requireCall(caller, 'manageAlerts');
      await reachableNotification(caller, nfid);
      return logs.list(nfid, startMs, endMs);
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
