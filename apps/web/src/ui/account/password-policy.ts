import { PASSWORD_PROBLEM_TEXTS } from '@jejak/contract';
import { PASSWORD_MIN_LENGTH, passwordProblem, type CommonPasswordCheck, type PasswordOwner } from '@jejak/domain';
import type { FormRule } from 'antd';
import { useEffect, useState } from 'react';

let loading: Promise<CommonPasswordCheck> | null = null;

/** The server's list of common passwords (ADR 0033), in its own chunk, fetched once when a form needs it. */
function loadCommonCheck(): Promise<CommonPasswordCheck> {
  loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const common = new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH));
    return (lowered: string) => common.has(lowered);
  });
  return loading;
}

const NOT_YET: CommonPasswordCheck = () => false;

/** The common-password check; until the list has arrived nothing counts as common (the server still checks). */
export function useCommonPasswordCheck(): CommonPasswordCheck {
  const [check, setCheck] = useState<CommonPasswordCheck>(() => NOT_YET);
  useEffect(() => {
    let live = true;
    loadCommonCheck().then(
      (loaded) => live && setCheck(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return check;
}

/** The policy's reason for a new password, as the server words it; null when it is acceptable. */
export function passwordPolicyText(
  password: string,
  owner: PasswordOwner,
  isCommon: CommonPasswordCheck,
): string | null {
  const problem = passwordProblem(password, owner, isCommon);
  return problem ? PASSWORD_PROBLEM_TEXTS[problem] : null;
}

/**
 * Immediate feedback under the new-password field while typing. A warning, not a block: the
 * screen's submit shows the same reason as a toast, in the spec's order of checks.
 */
export function passwordPolicyRule(
  owner: () => PasswordOwner,
  isCommon: CommonPasswordCheck,
  localize: (text: string) => string,
): FormRule {
  return {
    warningOnly: true,
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' && value ? passwordPolicyText(value, owner(), isCommon) : null;
      return text ? Promise.reject(new Error(localize(text))) : Promise.resolve();
    },
  };
}
