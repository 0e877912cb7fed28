import { PASSWORD_PROBLEM_TEXTS } from '@jejak/contract';
import { passwordChecksFrom, passwordProblem, type PasswordChecks, type PasswordOwner } from '@jejak/domain';
import type { FormRule } from 'antd';
import { useEffect, useState } from 'react';

let loading: Promise<PasswordChecks> | null = null;

/**
 * The server's common passwords and strength estimator (ADR 0033, 0085), in their own chunk,
 * fetched once when a form needs them.
 */
function loadChecks(): Promise<PasswordChecks> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }]) => {
      const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
      return passwordChecksFrom(
        dictionary['passwords-common'],
        (password, words) => estimator.check(password, [...words]).score,
      );
    },
  );
  return loading;
}

/** Until the lists have arrived nothing counts as common or guessable (the server still checks). */
const NOT_YET: PasswordChecks = { isCommon: () => false };

/** The policy's checks, as soon as they have loaded. */
export function usePasswordChecks(): PasswordChecks {
  const [checks, setChecks] = useState<PasswordChecks>(NOT_YET);
  useEffect(() => {
    let live = true;
    loadChecks().then(
      (loaded) => live && setChecks(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return checks;
}

/** The policy's reason for a new password, as the server words it; null when it is acceptable. */
export function passwordPolicyText(password: string, owner: PasswordOwner, checks: PasswordChecks): string | null {
  const problem = passwordProblem(password, owner, checks);
  return problem ? PASSWORD_PROBLEM_TEXTS[problem] : null;
}

/**
 * Immediate feedback under the new-password field while typing. A warning, not a block: the
 * screen's submit shows the same reason as a toast, in the spec's order of checks.
 */
export function passwordPolicyRule(
  owner: () => PasswordOwner,
  checks: PasswordChecks,
  localize: (text: string) => string,
): FormRule {
  return {
    warningOnly: true,
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' && value ? passwordPolicyText(value, owner(), checks) : null;
      return text ? Promise.reject(new Error(localize(text))) : Promise.resolve();
    },
  };
}
