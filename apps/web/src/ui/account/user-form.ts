import { ACCOUNT_TEXTS } from '@jejak/contract';
import { CONTACT_PREFIXES, splitContact, type ContactPrefix, type RoleValue } from '@jejak/domain';

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
