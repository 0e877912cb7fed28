import type { z } from 'zod';
import { GEOFENCE_TEXTS, MESSAGE_TEXT_REFUSED } from '@jejak/domain';
import { ACCOUNT_TEXTS, MIGRATION_TEXTS, PACKAGE_TEXTS } from './texts.ts';
import { MESSAGES } from './errors.ts';
import { MANAGEMENT_TEXTS } from '../fleet/management.ts';
import { ALERT_TEXTS } from '../alerts/alerts.ts';
import { UNSTORABLE_TEXT } from './fields.ts';
import { NOTIFICATION_TEXTS } from '../alerts/notifications.ts';

const KNOWN_TEXTS: ReadonlySet<string> = new Set<string>([
  ...Object.values(ACCOUNT_TEXTS),
  ...Object.values(MIGRATION_TEXTS),
  ...Object.values(PACKAGE_TEXTS),
  ...Object.values(GEOFENCE_TEXTS),
  ...Object.values(MANAGEMENT_TEXTS),
  ...Object.values(NOTIFICATION_TEXTS),
  ...Object.values(ALERT_TEXTS),
  MESSAGES.invalidEmail,
  MESSAGE_TEXT_REFUSED,
]);

/**
 * The one message of a failed validation, for the server's error body and the console's
 * toast alike. Text the store cannot hold comes first, naming its field (it is never a
 * typing slip a form's own text would explain); then the first text the spec (or our own
 * catalogue) gives, alone, as the screens show it; otherwise every issue as "path: problem".
 */
export function validationMessage(error: z.ZodError): string {
  const unstorable = error.issues.find((i) => i.message === UNSTORABLE_TEXT);
  if (unstorable) return described(unstorable);
  const known = error.issues.find((i) => KNOWN_TEXTS.has(i.message) || isSpecText(i));
  if (known) return known.message;
  return error.issues.map(described).join('; ');
}

/** A check that formats a spec text (a count in it) marks its issue with SPEC_TEXT_PARAMS (core/fields.ts). */
function isSpecText(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.specText === true;
}

function described(issue: z.core.$ZodIssue): string {
  return `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`;
}
