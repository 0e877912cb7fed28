import { NOTIFICATION_TYPES, type NotificationType, type Recipient } from '@jejak/contract';

function withName(main: string, name: string): string {
  if (!main) return name;
  return name ? `${main} (${name})` : main;
}

/**
 * A recipient as the Notification tab and Notification Log show it (spec 2 §2): the e-mail with
 * the name, the name only (push), or the contact with the name (SMS and call).
 */
export function recipientText(type: NotificationType, recipient: Partial<Recipient>): string {
  const name = recipient.name?.trim() ?? '';
  switch (type) {
    case NOTIFICATION_TYPES.EMAIL:
      return withName(recipient.email?.trim() ?? '', name);
    case NOTIFICATION_TYPES.PUSH:
      return name || (recipient.uid ?? '');
    case NOTIFICATION_TYPES.SMS:
    case NOTIFICATION_TYPES.CALL:
      return withName(recipient.contact?.trim() ?? '', name);
  }
}
