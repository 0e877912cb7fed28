import { ACCOUNT_TEXTS } from '@jejak/contract';
import type { PasswordOwner } from '@jejak/domain';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Form, Input, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { showToast } from '../feedback/notifier.ts';
import { passwordPolicyRule, usePasswordChecks } from './password-policy.ts';
import { passwordMatchOnBlur, type PasswordMatch } from './user-form.ts';
import { useSpecText } from '../../i18n/strings.ts';

interface PasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  matchLabel: string;
  /** Whose password it is; by default the form's own userEmail and userName fields. */
  owner?: PasswordOwner;
}

/**
 * Password and Confirm Password. The password policy speaks under the first while typing. When the confirm field loses focus the indicator shows
 * matching, or a red icon with the tooltip 'Password does not match' and the toast
 * 'Passwords do not match' (spec 1 §4–5).
 */
export function PasswordFields({ passwordLabel, confirmLabel, matchLabel, owner }: PasswordFieldsProps) {
  const form = Form.useFormInstance<{ password?: string; confirmPassword?: string }>();
  const [match, setMatch] = useState<PasswordMatch>('unknown');
  const passwordChecks = usePasswordChecks();
  const spec = useSpecText();
  // The common-password list arrives after the form: a password typed before it is checked again.
  useEffect(() => {
    if (form.getFieldValue('password')) form.validateFields(['password']).catch(() => undefined);
  }, [form, passwordChecks]);
  // The same form, read by any field name (the owner's userEmail and userName, where it has them).
  const fields = Form.useFormInstance<Record<string, unknown>>();
  const ownerOf = (): PasswordOwner => {
    const field = (name: string): string | undefined => {
      const value: unknown = fields.getFieldValue(name);
      return typeof value === 'string' ? value : undefined;
    };
    return owner ?? { email: field('userEmail'), name: field('userName') };
  };

  const onConfirmBlur = () => {
    const text = (name: 'password' | 'confirmPassword'): string | undefined => {
      const value: unknown = form.getFieldValue(name);
      return typeof value === 'string' ? value : undefined;
    };
    const next = passwordMatchOnBlur(text('password'), text('confirmPassword'));
    setMatch(next);
    if (next === 'mismatch') showToast('error', ACCOUNT_TEXTS.passwordsMismatch);
  };

  return (
    <>
      <Form.Item
        label={passwordLabel}
        name="password"
        required
        rules={[passwordPolicyRule(ownerOf, passwordChecks, spec)]}
      >
        <Input.Password id="password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={confirmLabel} name="confirmPassword" required>
        <Input.Password
          id="confirmPassword"
          autoComplete="new-password"
          onBlur={onConfirmBlur}
          // Inside the field, after the show-password eye, so both password fields line up.
          suffix={
            <span className="password-match" data-testid="password-match" data-state={match}>
              {match === 'match' && (
                <Tooltip title={matchLabel}>
                  <CheckCircleFilled className="password-match-ok" aria-label={matchLabel} />
                </Tooltip>
              )}
              {match === 'mismatch' && (
                <Tooltip title={spec(ACCOUNT_TEXTS.passwordMismatchTooltip)}>
                  <CloseCircleFilled
                    className="password-match-bad"
                    aria-label={spec(ACCOUNT_TEXTS.passwordMismatchTooltip)}
                  />
                </Tooltip>
              )}
            </span>
          }
        />
      </Form.Item>
    </>
  );
}
