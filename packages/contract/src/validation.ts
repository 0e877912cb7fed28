import type { z } from 'zod';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { ACCOUNT_TEXTS, MIGRATION_TEXTS, PACKAGE_TEXTS } from './texts.ts';
import { MESSAGES } from './errors.ts';

const KNOWN_TEXTS: ReadonlySet<string> = new Set<string>([
  ...Object.values(ACCOUNT_TEXTS),
  ...Object.values(MIGRATION_TEXTS),
  ...Object.values(PACKAGE_TEXTS),
  ...Object.values(GEOFENCE_TEXTS),
  MESSAGES.invalidEmail,
]);

/**
 * The one message of a failed validation, for the server's error body and the console's
 * toast alike: the first text the spec (or our own catalogue) gives, alone, as the screens
 * show it; otherwise every issue as "path: problem".
 */
export function validationMessage(error: z.ZodError): string {
  const known = error.issues.find((i) => KNOWN_TEXTS.has(i.message));
  if (known) return known.message;
  return error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : 'body'}: ${i.message}`).join('; ');
}
