import { DeleteOutlined } from '@ant-design/icons';
import type { Notification } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { errorText } from '../../api/error-text.ts';
import { deleteNotification, notificationKeys } from '../../api/alerts/notifications.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

/** Deletes a notification after a confirmation: pending alerts are dropped, its log is kept (ADR 0083). */
export function DeleteNotificationButton({ n }: { n: Notification }) {
  const s = useStrings().rules.notificationsTab;
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteNotification,
    onSuccess: async (message) => {
      showToast('success', message);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => showToast('error', errorText(error)),
  });
  return (
    <Popconfirm
      title={s.deleteConfirm(n.notificationName)}
      rootClassName="notification-delete-confirm"
      okText={s.deleteOk}
      cancelText={s.cancel}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={() => remove.mutate(n.nfid)}
    >
      <Button size="small" danger icon={<DeleteOutlined />} data-testid={`delete-${n.nfid}`}>
        {s.delete}
      </Button>
    </Popconfirm>
  );
}
