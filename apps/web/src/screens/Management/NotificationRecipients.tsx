import { NOTIFICATION_TYPES, recipientText, type Notification } from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Tag, Tooltip } from 'antd';
import { errorText } from '../../api/error-text.ts';
import { resendConfirmation } from '../../api/alerts/notifications.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

/**
 * A notification's recipients; an outside e-mail address that has not opened its confirmation
 * link yet is tagged "Awaiting confirmation" with a Resend link button (ADR 0083).
 */
export function NotificationRecipients({ n }: { n: Notification }) {
  const s = useStrings().rules.notificationsTab;
  const awaiting = new Set(n.awaitingConfirmation ?? []);
  const resend = useMutation({
    mutationFn: (email: string) => resendConfirmation(n.nfid, email),
    onSuccess: (message) => showToast('success', message),
    onError: (error) => showToast('error', errorText(error)),
  });
  return (
    <div className="notification-recipients">
      {n.recipient.map((r, i) => {
        const address = n.serviceType === NOTIFICATION_TYPES.EMAIL ? (r.email ?? '').trim().toLowerCase() : '';
        return (
          <div key={i} className="notification-recipient">
            <span>{recipientText(n.serviceType, r)}</span>
            {awaiting.has(address) && (
              <span className="notification-recipient-awaiting" data-testid={`awaiting-${address}`}>
                <Tooltip title={s.awaitingHint}>
                  <Tag color="orange">{s.awaiting}</Tag>
                </Tooltip>
                <Button
                  type="link"
                  size="small"
                  loading={resend.isPending && resend.variables === address}
                  onClick={() => resend.mutate(address)}
                  data-testid={`resend-${address}`}
                >
                  {s.resend}
                </Button>
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
