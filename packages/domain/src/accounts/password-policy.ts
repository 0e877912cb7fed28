/** The shortest password accepted wherever a password is set (issue 10). */
export const PASSWORD_MIN_LENGTH = 8;

/** Why a new password is refused, in the order the checks run. */
export type PasswordProblem = 'tooShort' | 'padded' | 'common' | 'containsEmail' | 'containsName' | 'guessable';

/**
 * The least strength score (zxcvbn's 0–4, ADR 0085) a new password needs: 2 is "safe from
 * unthrottled online guessing" (about a million guesses), which refuses repeats ("aaaaaaaa"),
 * keyboard runs and sequences, and a word with a few digits tacked on.
 */
export const PASSWORD_MIN_STRENGTH = 2;

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

/**
 * A maintained strength estimator's score, 0 (guessed at once) to 4, of a password given the
 * words of its owner (injected like the common list: the estimator and its dictionaries are a
 * package the domain does not load).
 */
export type PasswordStrength = (password: string, ownerWords: readonly string[]) => number;

/** What the policy consults beyond the password itself. */
export interface PasswordChecks {
  isCommon: CommonPasswordCheck;
  /** Absent until the console has loaded the estimator (the server always has it). */
  strength?: PasswordStrength;
}
// Parts shorter than this ("an", "bin") would refuse too many honest passwords.
const MIN_PART_LENGTH = 4;

/** The parts of an e-mail's local part or a name that a password may not contain. */
function partsOf(text: string, separators: RegExp): string[] {
  const whole = text.toLowerCase().replace(/\s+/g, '');
  const words = text.toLowerCase().split(separators);
  return [whole, ...words].filter((part) => part.length >= MIN_PART_LENGTH);
}

/**
 * The one password policy (issue 10 §3, issue 27 §6): at least eight characters, no space or
 * other blank at either end, not a common password, not containing the owner's e-mail (its local
 * part or a word of it) or name (whole or a word of it), and not easily guessed by the strength
 * estimator (repeats, runs, padding). Null when the password is acceptable. The server applies
 * it whenever a password is set; the console runs it for immediate feedback.
 */
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  checks: PasswordChecks,
): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.trim() !== password) return 'padded';
  const lowered = password.toLowerCase();
  if (checks.isCommon(lowered)) return 'common';
  const local = owner.email?.trim().split('@')[0] ?? '';
  const localParts = partsOf(local, /[._+-]+/);
  if (localParts.some((part) => lowered.includes(part))) return 'containsEmail';
  const nameParts = partsOf(owner.name?.trim() ?? '', /[\s._-]+/);
  if (nameParts.some((part) => lowered.includes(part))) return 'containsName';
  if (checks.strength && checks.strength(password, [...localParts, ...nameParts]) < PASSWORD_MIN_STRENGTH) {
    return 'guessable';
  }
  return null;
}

/**
 * The policy's checks from a list of common passwords and an estimator's score (server and
 * console build them from the same packages, ADR 0033 and 0085). Entries shorter than the least
 * length are left out: the length check refuses them anyway.
 */
export function passwordChecksFrom(common: readonly string[], strength: PasswordStrength): PasswordChecks {
  const list = new Set(common.filter((p) => p.length >= PASSWORD_MIN_LENGTH));
  return { isCommon: (lowered) => list.has(lowered), strength };
}
