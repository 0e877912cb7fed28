/** The shortest password accepted wherever a password is set (issue 10). */
export const PASSWORD_MIN_LENGTH = 8;

/** Why a new password is refused, in the order the checks run. */
export type PasswordProblem = 'tooShort' | 'common' | 'containsEmail' | 'containsName';

/** Whose password it is: a password may not contain the user's e-mail or name. */
export interface PasswordOwner {
  email?: string;
  name?: string;
}

/**
 * Whether a (lower-cased) password is on a list of common passwords. The list itself comes
 * from a package (see ADR 0033) and is injected, so the domain stays free of data and I/O.
 */
export type CommonPasswordCheck = (lowered: string) => boolean;

// Parts shorter than this ("an", "bin") would refuse too many honest passwords.
const MIN_PART_LENGTH = 4;

/** The parts of an e-mail's local part or a name that a password may not contain. */
function partsOf(text: string, separators: RegExp): string[] {
  const whole = text.toLowerCase().replace(/\s+/g, '');
  const words = text.toLowerCase().split(separators);
  return [whole, ...words].filter((part) => part.length >= MIN_PART_LENGTH);
}

/**
 * The one password policy (issue 10 §3): at least eight characters, not a common password,
 * and not containing the owner's e-mail (its local part or a word of it) or name (whole or a
 * word of it). Null when the password is acceptable. The server applies it whenever a password
 * is set; the console runs it for immediate feedback.
 */
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  isCommon: CommonPasswordCheck,
): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  const lowered = password.toLowerCase();
  if (isCommon(lowered)) return 'common';
  const local = owner.email?.trim().split('@')[0] ?? '';
  if (partsOf(local, /[._+-]+/).some((part) => lowered.includes(part))) return 'containsEmail';
  if (partsOf(owner.name?.trim() ?? '', /[\s._-]+/).some((part) => lowered.includes(part))) return 'containsName';
  return null;
}
