import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ERROR_TYPES, PASSWORD_PROBLEM_TEXTS } from '@jejak/contract';
import { passwordChecksFrom, passwordProblem, type PasswordChecks, type PasswordOwner } from '@jejak/domain';
import { AppError } from '../../errors.ts';

let checks: PasswordChecks | null = null;

/**
 * zxcvbn-ts's common passwords and strength estimator (ADR 0033, 0085), built on the first
 * password set rather than at boot: a server that never sets one does not carry the dictionaries'
 * ranked tables.
 */
function policyChecks(): PasswordChecks {
  if (!checks) {
    const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
    checks = passwordChecksFrom(
      dictionary['passwords-common'],
      (password, words) => estimator.check(password, [...words]).score,
    );
  }
  return checks;
}

/** Refuses, with its reason, a new password the policy does not accept (every place one is set). */
export function enforcePasswordPolicy(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner, policyChecks());
  if (problem) throw new AppError(400, ERROR_TYPES.weakPassword, PASSWORD_PROBLEM_TEXTS[problem]);
}
