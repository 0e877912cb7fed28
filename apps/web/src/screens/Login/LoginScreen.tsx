import type { LoginRequest } from '@jejak/contract';
import { SignedOutCard } from '../../ui/account/SignedOutCard.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { SESSION_QUERY_KEY, signIn } from '../../api/accounts/auth.ts';
import { signInErrorText } from '../../api/error-text.ts';
import { useSession } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

/** /Login: e-mail, password, LOG IN (Enter submits). No client checks (spec 1 §5). */
export function LoginScreen() {
  const strings = useStrings();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      void navigate('/', { replace: true });
    },
    onError: (error) => showToast('error', signInErrorText(error)),
  });

  if (session.isPending) return null;
  if (session.data) return <Navigate to="/" replace />;

  return (
    <SignedOutCard
      title={strings.login.title}
      links={
        <>
          <Button type="link" size="small">
            {strings.login.interested}
          </Button>
          <Button type="link" size="small">
            {strings.login.forgotPassword}
          </Button>
        </>
      }
    >
      <Form<Partial<LoginRequest>>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => login.mutate({ email: values.email ?? '', password: values.password ?? '' })}
      >
        <Form.Item label={strings.login.email} name="email">
          <Input id="email" inputMode="email" autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item label={strings.login.password} name="password">
          <Input.Password id="password" autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {strings.login.submit}
        </Button>
      </Form>
    </SignedOutCard>
  );
}
