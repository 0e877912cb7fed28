import { dictionary } from '@zxcvbn-ts/language-common';
import { ERROR_TYPES, PASSWORD_PROBLEM_TEXTS } from '@jejak/contract';
import { PASSWORD_MIN_LENGTH, passwordProblem, type PasswordOwner } from '@jejak/domain';
import { AppError } from '../../errors.ts';

// zxcvbn-ts's list of common passwords (ADR 0033); shorter entries are refused by length anyway.
const COMMON = new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH));

/** Refuses, with its reason, a new password the policy does not accept (every place one is set). */
export function enforcePasswordPolicy(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner, (lowered) => COMMON.has(lowered));
  if (problem) throw new AppError(400, ERROR_TYPES.weakPassword, PASSWORD_PROBLEM_TEXTS[problem]);
}
