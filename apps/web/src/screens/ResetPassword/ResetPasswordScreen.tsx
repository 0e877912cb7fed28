import { ACCOUNT_TEXTS, ResetPasswordRequestSchema, validationMessage } from '@jejak/contract';
import { SignedOutCard } from '../../ui/account/SignedOutCard.tsx';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/accounts/accounts.ts';
import { errorText } from '../../api/error-text.ts';
import { useStrings } from '../../i18n/strings.ts';
import { PasswordFields } from '../../ui/account/PasswordFields.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';

interface ResetValues {
  password?: string;
  confirmPassword?: string;
}

/**
 * /ResetPassword?token=… — the page the e-mailed link opens, signed out. Success reads
 * 'Reset password success' and leads to sign-in; otherwise the server's message is shown.
 */
export function ResetPasswordScreen() {
  const strings = useStrings();
  const r = strings.resetPassword;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      showToast('success', ACCOUNT_TEXTS.resetPasswordSuccess);
      void navigate('/Login', { replace: true });
    },
    onError: (error) => showToast('error', errorText(error)),
  });

  const submit = (values: ResetValues) => {
    if (!values.password?.trim()) return showToast('error', ACCOUNT_TEXTS.fieldsEmpty);
    if (values.password !== values.confirmPassword) return showToast('error', ACCOUNT_TEXTS.passwordsMismatch);
    const checked = ResetPasswordRequestSchema.safeParse({ token, newPassword: values.password });
    if (!checked.success) {
      const tokenBad = checked.error.issues.some((issue) => issue.path[0] === 'token');
      return showToast('error', tokenBad ? ACCOUNT_TEXTS.resetLinkInvalid : validationMessage(checked.error));
    }
    reset.mutate(checked.data);
  };

  return (
    <SignedOutCard
      title={r.title}
      testId="reset-password"
      links={
        <>
          <Button type="link" size="small" onClick={() => void navigate('/Login')}>
            {r.toLogin}
          </Button>
        </>
      }
    >
      {token ? (
        <Form<ResetValues> layout="vertical" requiredMark={false} onFinish={submit}>
          <p className="reset-intro">{r.intro}</p>
          <PasswordFields
            passwordLabel={r.newPassword}
            confirmLabel={r.confirmPassword}
            matchLabel={strings.userForm.passwordsMatch}
          />
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending} data-testid="submit">
            {r.submit}
          </Button>
        </Form>
      ) : (
        <Alert type="warning" title={r.missingToken} />
      )}
    </SignedOutCard>
  );
}
