import { ACCOUNT_TEXTS, ChangePasswordRequestSchema, validationMessage } from '@jejak/contract';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import { changePassword } from '../../api/accounts/accounts.ts';
import { errorText } from '../../api/error-text.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { PasswordFields } from '../../ui/account/PasswordFields.tsx';
import { passwordPolicyText, usePasswordChecks } from '../../ui/account/password-policy.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { SubmitButton } from '../../ui/forms/FormButtons.tsx';

interface ChangeValues {
  email?: string;
  currentPassword?: string;
  password?: string;
  confirmPassword?: string;
}

/**
 * /Profile/ResetPassword — spec 1 §7's Reset password for the signed-in user: e-mail, current
 * password and the new one (twice). Success reads 'Reset password success'; otherwise the
 * server's message is shown as it is. The user's other sign-ins end; this one stays.
 */
export function ChangePasswordScreen() {
  const user = useSessionUser();
  const strings = useStrings();
  const c = strings.changePassword;
  const goBack = useGoBack('/Profile');
  const passwordChecks = usePasswordChecks();
  const [form] = Form.useForm<ChangeValues>();
  const owner = { email: user.userEmail, name: user.userName };

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      showToast('success', ACCOUNT_TEXTS.resetPasswordSuccess);
      form.resetFields(['currentPassword', 'password', 'confirmPassword']);
    },
    onError: (error) => showToast('error', errorText(error)),
  });

  // The checks in the spec's order: every field filled, the two new passwords equal, the policy.
  const submit = (values: ChangeValues) => {
    const { email, currentPassword, password, confirmPassword } = values;
    if (!email?.trim() || !currentPassword || !password?.trim()) return showToast('error', ACCOUNT_TEXTS.fieldsEmpty);
    if (password !== confirmPassword) return showToast('error', ACCOUNT_TEXTS.passwordsMismatch);
    const policy = passwordPolicyText(password, owner, passwordChecks);
    if (policy) return showToast('error', policy);
    const checked = ChangePasswordRequestSchema.safeParse({ email, currentPassword, newPassword: password });
    if (!checked.success) return showToast('error', validationMessage(checked.error));
    change.mutate(checked.data);
  };

  return (
    <div className="screen-padded">
      <Card
        className="profile-card"
        data-testid="change-password"
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={c.back} onClick={goBack} />
            {c.title}
          </Space>
        }
      >
        <p className="reset-intro">{c.intro}</p>
        <Form<ChangeValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ email: user.userEmail }}
          onFinish={submit}
        >
          <Form.Item label={c.email} name="email" required>
            <Input id="email" autoComplete="username" />
          </Form.Item>
          <Form.Item label={c.currentPassword} name="currentPassword" required>
            <Input.Password id="currentPassword" autoComplete="current-password" />
          </Form.Item>
          <PasswordFields
            passwordLabel={c.newPassword}
            confirmLabel={c.confirmPassword}
            matchLabel={strings.userForm.passwordsMatch}
            owner={owner}
          />
          <SubmitButton busy={change.isPending}>{c.submit}</SubmitButton>
        </Form>
      </Card>
    </div>
  );
}
