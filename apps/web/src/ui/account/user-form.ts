import { ACCOUNT_TEXTS, MESSAGES } from '@jejak/contract';
import { CONTACT_PREFIXES, splitContact, type ContactPrefix, type RoleValue } from '@jejak/domain';
import type { FieldRule } from '../forms/field-errors.ts';

/** The fields every user form has (Add, Edit, Configure). */
export interface UserFormValues {
  userName?: string;
  userEmail?: string;
  userRole?: RoleValue;
  prefix?: ContactPrefix;
  contactNumber?: string;
  userAddress?: string;
}

/** Add New User also asks for the password twice, the Assigned User and the optional links. */
export interface NewUserFormValues extends UserFormValues {
  password?: string;
  confirmPassword?: string;
  parentUid?: string;
  vgids?: string[];
  gtids?: string[];
  rtids?: string[];
}

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim().length > 0;

/** The contact sent is prefix plus number (spec 1 §5), without the spaces and dashes people type. */
export function contactOf(prefix: ContactPrefix | undefined, number: string | undefined): string {
  return `${prefix ?? ''}${(number ?? '').replace(/[\s-]/g, '')}`;
}

/** A stored contact back in the form's prefix select and number field. */
export function contactFields(contact: string): Pick<UserFormValues, 'prefix' | 'contactNumber'> {
  const { prefix, number } = splitContact(contact);
  return { prefix, contactNumber: number };
}

export const DEFAULT_PREFIX: ContactPrefix = CONTACT_PREFIXES[0];

/** Edit and Configure User: name, role, e-mail, address, contact and prefix are required (spec 1 §5). */
export function editUserProblem(values: UserFormValues): string | null {
  const required = [
    values.userName,
    values.userRole,
    values.userEmail,
    values.userAddress,
    values.contactNumber,
    values.prefix,
  ];
  if (!required.every(filled)) return ACCOUNT_TEXTS.fieldsEmpty;
  return null;
}

/**
 * Add New User (spec 1 §5): every field, the prefix and the creator (the Assigned User) filled,
 * else 'Fields cannot be empty'; then the two passwords must be the same.
 */
export function newUserProblem(values: NewUserFormValues): string | null {
  if (editUserProblem(values) || !filled(values.password) || !filled(values.parentUid))
    return ACCOUNT_TEXTS.fieldsEmpty;
  if (values.password !== values.confirmPassword) return ACCOUNT_TEXTS.passwordsMismatch;
  return null;
}

/** The confirm field's indicator: unknown until it loses focus, then matching or not (spec 1 §4). */
export type PasswordMatch = 'unknown' | 'match' | 'mismatch';

export function passwordMatchOnBlur(password: string | undefined, confirm: string | undefined): PasswordMatch {
  if (!filled(confirm)) return 'unknown';
  return password === confirm ? 'match' : 'mismatch';
}

/** 'Fields cannot be empty' is shown at each required field left empty (the prefix's at the number). */
export function emptyUserFields(values: NewUserFormValues, newUser: boolean): (keyof NewUserFormValues)[] {
  const required: (keyof NewUserFormValues)[] = ['userName', 'userEmail'];
  if (newUser) required.push('password');
  required.push('userRole', 'contactNumber', 'userAddress');
  const empty = required.filter((field) => !filled(values[field] as string | undefined));
  if (!filled(values.prefix) && !empty.includes('contactNumber')) empty.push('contactNumber');
  return empty;
}

/** The field each of the user forms' messages (the console's checks and the server's answers) is shown at. */
export const USER_FIELD_ERRORS: readonly FieldRule[] = [
  [ACCOUNT_TEXTS.passwordsMismatch, 'confirmPassword'],
  [[ACCOUNT_TEXTS.duplicateEmail, MESSAGES.invalidEmail], 'userEmail'],
  [ACCOUNT_TEXTS.invalidContact, 'contactNumber'],
  [
    [
      ACCOUNT_TEXTS.passwordTooShort,
      ACCOUNT_TEXTS.passwordCommon,
      ACCOUNT_TEXTS.passwordHasEmail,
      ACCOUNT_TEXTS.passwordHasName,
    ],
    'password',
  ],
  [
    [
      ACCOUNT_TEXTS.roleNotAllowed,
      ACCOUNT_TEXTS.parentNotAllowed,
      ACCOUNT_TEXTS.childrenNotAllowed,
      ACCOUNT_TEXTS.ownsFleet,
    ],
    'userRole',
  ],
  [ACCOUNT_TEXTS.vehicleGroupNotParents, 'vgid'],
];
