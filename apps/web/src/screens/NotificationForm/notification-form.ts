import {
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPES,
  PHONE_PREFIX,
  type Notification,
  type NotificationType,
  type Recipient,
} from '@jejak/contract';
import { isValidEmail } from '@jejak/domain';
import { withValue, type FieldRule } from '../../ui/forms/field-errors.ts';

/** A recipient as the form holds it: the contact without its +60 prefix. */
export interface RecipientDraft {
  uid?: string;
  name?: string;
  email?: string;
  contact?: string;
  isKeypadAuthorized?: boolean;
}

export interface NotificationFormValues {
  notificationName?: string;
  serviceType?: NotificationType;
  isKeypadEnabled?: boolean;
  recipient?: RecipientDraft[];
}

export type RuleFlags = Notification['rules'];
export type GeofenceChoice = Notification['geofences'];

/** Changing the type resets the recipients to one empty entry (spec 2 §4). */
export const EMPTY_RECIPIENTS: readonly RecipientDraft[] = [{}];

/** The stored contact: +60 and the digits, without a leading 0 or 60 the user may have typed. */
export function contactToStored(input: string): string {
  const digits = input.replace(/\D/g, '');
  const national = digits.startsWith('60') ? digits.slice(2) : digits.startsWith('0') ? digits.slice(1) : digits;
  return national ? `${PHONE_PREFIX}${national}` : '';
}

/** The part of a stored contact the form shows after its fixed +60. */
export function contactToDraft(contact: string | undefined): string {
  if (!contact) return '';
  return contact.startsWith(PHONE_PREFIX) ? contact.slice(PHONE_PREFIX.length) : contact.replace(/^\+/, '');
}

function isBlank(r: RecipientDraft): boolean {
  return !r.uid && !r.name?.trim() && !r.email?.trim() && !r.contact?.trim();
}

/** What each type needs of a recipient (spec 2 §3). */
export function isRecipientComplete(type: NotificationType, r: RecipientDraft): boolean {
  switch (type) {
    case NOTIFICATION_TYPES.EMAIL:
      return Boolean(r.name?.trim()) && isValidEmail(r.email ?? '');
    case NOTIFICATION_TYPES.PUSH:
      return Boolean(r.uid);
    case NOTIFICATION_TYPES.SMS:
    case NOTIFICATION_TYPES.CALL:
      return Boolean(r.name?.trim()) && contactToStored(r.contact ?? '') !== '';
  }
}

/** The e-mail check shown on blur (spec 2 §5); nothing for an empty field. */
export function emailHint(email: string | undefined): string | null {
  if (!email?.trim()) return null;
  return isValidEmail(email) ? NOTIFICATION_TEXTS.validEmail : NOTIFICATION_TEXTS.invalidEmail;
}

export function anyRuleChosen(rules: RuleFlags): boolean {
  return Object.values(rules).some((byRule) => Object.values(byRule).some((f) => f.c === 1 || f.v === 1));
}

/** Only a call rings with the keypad. */
export function keypadApplies(values: NotificationFormValues): boolean {
  return values.serviceType === NOTIFICATION_TYPES.CALL && values.isKeypadEnabled === true;
}

/** The recipients to send: blank entries dropped; keypad on and none authorised → all authorised (spec 2 §5). */
export function recipientsToSend(values: NotificationFormValues): Recipient[] {
  const type = values.serviceType ?? NOTIFICATION_TYPES.EMAIL;
  const filled = (values.recipient ?? []).filter((r) => !isBlank(r));
  const keypad = keypadApplies(values);
  const allAuthorised = keypad && !filled.some((r) => r.isKeypadAuthorized);
  return filled.map((r) => {
    const out: Recipient = { name: r.name?.trim() ?? '', isKeypadAuthorized: false };
    if (type === NOTIFICATION_TYPES.EMAIL) out.email = r.email?.trim() ?? '';
    if (type === NOTIFICATION_TYPES.PUSH && r.uid) out.uid = r.uid;
    if (type === NOTIFICATION_TYPES.SMS || type === NOTIFICATION_TYPES.CALL)
      out.contact = contactToStored(r.contact ?? '');
    if (keypad) out.isKeypadAuthorized = allAuthorised || r.isKeypadAuthorized === true;
    return out;
  });
}

/** The first problem of the form in the order of spec 2 §5, or null. */
export function notificationFormProblem(values: NotificationFormValues, rules: RuleFlags): string | null {
  if (!values.notificationName?.trim()) return NOTIFICATION_TEXTS.nameEmpty;
  if (values.serviceType === undefined) return NOTIFICATION_TEXTS.typeEmpty;
  if (!anyRuleChosen(rules)) return NOTIFICATION_TEXTS.rulesEmpty;
  const recipients = values.recipient ?? [];
  const filled = recipients.filter((r) => !isBlank(r));
  if (filled.length === 0) return NOTIFICATION_TEXTS.recipientsEmpty;
  const type = values.serviceType;
  const incomplete = recipients.findIndex((r) => !isBlank(r) && !isRecipientComplete(type, r));
  const bad = recipients[incomplete];
  // A filled-in but malformed e-mail says so, as the server does.
  if (bad && type === NOTIFICATION_TYPES.EMAIL && bad.name?.trim() && bad.email?.trim())
    return NOTIFICATION_TEXTS.invalidEmail;
  if (incomplete >= 0) return NOTIFICATION_TEXTS.recipientIncomplete.replace('{n}', String(incomplete + 1));
  // Keypad on with none authorised authorises all (recipientsToSend), so the check below only
  // bites if that ever changes; it stays to keep the spec's order in one place.
  if (keypadApplies(values) && !recipientsToSend(values).some((r) => r.isKeypadAuthorized))
    return NOTIFICATION_TEXTS.keypadUnauthorized;
  return null;
}

/** The form's values for a stored notification. */
export function notificationToValues(n: Notification): NotificationFormValues {
  return {
    notificationName: n.notificationName,
    serviceType: n.serviceType,
    isKeypadEnabled: n.isKeypadEnabled,
    recipient: n.recipient.map((r) => ({
      uid: r.uid,
      name: r.name,
      email: r.email,
      contact: contactToDraft(r.contact),
      isKeypadAuthorized: r.isKeypadAuthorized,
    })),
  };
}

/** The notification id of an edit route: the hash '#nfid{nfid}' (spec 2 §2) or the path's '/Edit/{nfid}'. */
export function nfidCandidates(param: string | undefined, hash: string): string[] {
  const raw = decodeURIComponent(hash.replace(/^#/, ''));
  const ids = [raw, raw.startsWith('nfid') ? raw.slice(4) : '', param ?? ''];
  return ids.filter((id, i) => id !== '' && ids.indexOf(id) === i);
}

/** The notification in the navigation state ({notification}), when there is one. */
export function stateNotification(state: unknown): Notification | undefined {
  if (typeof state !== 'object' || state === null || !('notification' in state)) return undefined;
  const n = state.notification;
  return typeof n === 'object' && n !== null && 'nfid' in n ? (n as Notification) : undefined;
}

/** The field each of the form's messages (the console's checks and the server's answers) is shown at. */
export const NOTIFICATION_FIELD_ERRORS: readonly FieldRule[] = [
  [NOTIFICATION_TEXTS.nameEmpty, 'notificationName'],
  [NOTIFICATION_TEXTS.typeEmpty, 'serviceType'],
  [
    [
      NOTIFICATION_TEXTS.recipientsEmpty,
      NOTIFICATION_TEXTS.invalidEmail,
      NOTIFICATION_TEXTS.keypadUnauthorized,
      withValue(NOTIFICATION_TEXTS.recipientIncomplete),
      withValue(NOTIFICATION_TEXTS.recipientNotReachable),
    ],
    'recipient',
  ],
];
