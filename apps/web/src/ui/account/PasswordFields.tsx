import { ACCOUNT_TEXTS } from '@jejak/contract';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Form, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { showToast } from '../notifier.ts';
import { passwordMatchOnBlur, type PasswordMatch } from './user-form.ts';

interface PasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  matchLabel: string;
}

/**
 * Password and Confirm Password. When the confirm field loses focus the indicator shows
 * matching, or a red icon with the tooltip 'Password does not match' and the toast
 * 'Passwords do not match' (spec 1 §4–5).
 */
export function PasswordFields({ passwordLabel, confirmLabel, matchLabel }: PasswordFieldsProps) {
  const form = Form.useFormInstance<{ password?: string; confirmPassword?: string }>();
  const [match, setMatch] = useState<PasswordMatch>('unknown');

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
      <Form.Item label={passwordLabel} name="password" required>
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
                <Tooltip title={ACCOUNT_TEXTS.passwordMismatchTooltip}>
                  <CloseCircleFilled
                    className="password-match-bad"
                    aria-label={ACCOUNT_TEXTS.passwordMismatchTooltip}
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
