import { parentHierarchy, parentUid } from '../hierarchy.ts';
import type { RoleValue } from '../roles.ts';

/**
 * Names that go into e-mails, SMS and calls (rule, notification, recipient, vehicle, geofence
 * and user names) must stay on one line: a CR or LF in a name could add mail headers or start
 * a paragraph of someone else's choosing (issue 27, N6). Refused: the C0 controls (tab, CR and
 * LF among them), DEL, the C1 controls and the Unicode line and paragraph separators.
 */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const MESSAGE_TEXT_REFUSED = 'Names cannot contain line breaks or control characters';

/** Whether a name may go into a message: no line breaks, no control characters. */
export function isMessageSafeText(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

/** Whose quota and confirmations a notification's messages count against (ADR 0083). */
export interface MessageAccount {
  uid: string;
  hierarchy: string;
}

/**
 * The account of a notification's creator: the creator itself, except that a fleet operator's
 * or fleet manager's messages are their fleet owner's (the user above them), so an owner cannot
 * multiply the quota by adding operators.
 */
export function messageAccountOf(creator: { uid: string; role: RoleValue; hierarchy: string }): MessageAccount {
  if (creator.role !== 'fleetOperator' && creator.role !== 'fleetManager')
    return { uid: creator.uid, hierarchy: creator.hierarchy };
  const uid = parentUid(creator.hierarchy);
  const hierarchy = parentHierarchy(creator.hierarchy);
  return uid === null || hierarchy === null ? { uid: creator.uid, hierarchy: creator.hierarchy } : { uid, hierarchy };
}
