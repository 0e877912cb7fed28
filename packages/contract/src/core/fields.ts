import { z } from 'zod';
import {
  isMessageSafeText,
  isValidContact,
  isValidEmail,
  MESSAGE_TEXT_REFUSED,
  PASSWORD_MIN_LENGTH,
  ROLE_VALUES,
  STAGE_NAMES,
} from '@jejak/domain';
import { MESSAGES } from './errors.ts';
import { ACCOUNT_TEXTS } from './texts.ts';

/** Field schemas shared by the account calls. A missing or blank field is 'Fields cannot be empty'. */
const EMPTY = ACCOUNT_TEXTS.fieldsEmpty;

/** Why a text is refused: PostgreSQL text cannot hold a NUL byte, and a lone surrogate is not UTF-8. */
export const UNSTORABLE_TEXT = 'must not contain NUL bytes or unpaired surrogates';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The one text schema of every request field: a string the store can hold. Request schemas
 * build their text fields on it (never on z.string()), so each one refuses what the store
 * cannot hold with a 400 naming the field; text-edge tests walk every route to hold that.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, UNSTORABLE_TEXT);

export const ID = text().min(1).max(64);

/**
 * A name that goes into e-mails, SMS or calls: storable, and on one line with no control
 * characters (domain's isMessageSafeText), checked before any trim so a trailing CR/LF is refused too.
 */
export const nameText = (params?: Parameters<typeof z.string>[0]) =>
  text(params).refine(isMessageSafeText, MESSAGE_TEXT_REFUSED);
export const StageNameSchema = z.enum(STAGE_NAMES);

/** Trimmed text of 1 to `max` characters; missing or blank is `empty`. */
export const requiredText = (max: number, empty: string = EMPTY) =>
  text({ error: empty }).trim().min(1, empty).max(max, `at most ${max} characters`);

/** requiredText for a name that goes into messages (nameText). */
export const requiredName = (max: number, empty: string = EMPTY) =>
  nameText({ error: empty }).trim().min(1, empty).max(max, `at most ${max} characters`);

export const UserNameField = requiredName(120);
export const UserAddressField = requiredText(300);
export const UserEmailField = requiredName(320).refine(isValidEmail, MESSAGES.invalidEmail);
export const UserContactField = requiredName(16).refine(isValidContact, ACCOUNT_TEXTS.invalidContact);
export const UserRoleField = z.enum(ROLE_VALUES, { error: EMPTY });
export const PasswordField = text({ error: EMPTY })
  .min(1, EMPTY)
  .refine((v) => v.trim().length > 0, EMPTY)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_TEXTS.passwordTooShort)
  .max(200, 'at most 200 characters');
export const HierarchyField = text({ error: EMPTY }).min(1, EMPTY).max(2000);
export const RequiredId = text({ error: EMPTY }).min(1, EMPTY).max(64);

/** Epoch ms, within years 2000–2200, so every date the forms pick fits. */
export const InstantMs = z.number().int().min(946_684_800_000).max(7_258_118_400_000);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zone an export writes its times in (the console's); left out, the server's (JEJAK_TIME_ZONE). */
export const TimeZoneField = text().max(64).refine(isTimeZone, 'unknown time zone').optional();

/**
 * Marks a spec text a schema-level check found, so validationMessage shows it as it is (a
 * formatted text such as '2 Condition(s) Are/Is Not Complete' or 'Error at tank 2…' is not in any catalogue).
 */
export const SPEC_TEXT_PARAMS = { specText: true } as const;
