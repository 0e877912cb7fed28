import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmRecipient } from '../../api/alerts/notifications.ts';
import { errorText } from '../../api/error-text.ts';
import { SignedOutCard } from '../../ui/account/SignedOutCard.tsx';
import { useSpecText, useStrings } from '../../i18n/strings.ts';

/**
 * /ConfirmRecipient?token=… — the page an outside recipient's confirmation link opens, signed
 * out (ADR 0083). Confirming is a button, not the page load, so a mail scanner that follows links
 * does not confirm for the recipient. The server's answer is shown as it is.
 */
export function ConfirmRecipientScreen() {
  const s = useStrings().rules.confirmRecipient;
  const spec = useSpecText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: confirmRecipient });

  return (
    <SignedOutCard
      title={s.title}
      testId="confirm-recipient"
      links={
        <>
          <Button type="link" size="small" onClick={() => void navigate('/Login')}>
            {s.toLogin}
          </Button>
        </>
      }
    >
      {!token ? (
        <Alert type="warning" title={s.missingToken} />
      ) : confirm.isSuccess ? (
        <Alert type="success" title={spec(confirm.data)} data-testid="confirm-done" />
      ) : (
        <>
          <p className="reset-intro">{s.intro}</p>
          {confirm.isError && <Alert type="error" title={spec(errorText(confirm.error))} data-testid="confirm-error" />}
          <Button
            type="primary"
            block
            size="large"
            loading={confirm.isPending}
            onClick={() => confirm.mutate(token)}
            data-testid="confirm"
          >
            {s.confirm}
          </Button>
        </>
      )}
    </SignedOutCard>
  );
}
