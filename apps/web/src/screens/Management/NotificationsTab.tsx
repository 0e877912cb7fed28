import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { NOTIFICATION_TYPE_LABELS, type Notification } from '@jejak/contract';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useNotifications } from '../../api/alerts/notifications.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { tablePagination } from '../../ui/table/table.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { DeleteNotificationButton } from './DeleteNotificationButton.tsx';
import { NotificationRecipients } from './NotificationRecipients.tsx';

/** Management's Notification tab (spec 2 §2 Notifications tab): sorted by name, with log and edit actions. */
export function NotificationsTab({ uid }: { uid: string }) {
  const s = useStrings().rules.notificationsTab;
  const empty = useStrings().empty;
  const spec = useSpecText();
  const navigate = useNavigate();
  const notifications = useNotifications(uid);
  const rows = [...(notifications.data ?? [])].sort((a, b) => a.notificationName.localeCompare(b.notificationName));

  const columns: TableColumnsType<Notification> = [
    { key: 'name', title: s.name, dataIndex: 'notificationName' },
    { key: 'type', title: s.type, render: (_, n) => spec(NOTIFICATION_TYPE_LABELS[n.serviceType]) },
    {
      key: 'recipients',
      title: s.recipients,
      render: (_, n) => <NotificationRecipients n={n} />,
    },
    {
      key: 'actions',
      title: s.actions,
      render: (_, n) => (
        <Space>
          <Button
            size="small"
            icon={<UnorderedListOutlined />}
            data-testid={`log-${n.nfid}`}
            onClick={() => void navigate('/Management/Notification/Log', { state: { nfid: n.nfid } })}
          >
            {s.log}
          </Button>
          <Button
            size="small"
            icon={<EditOutlined />}
            data-testid={`edit-${n.nfid}`}
            onClick={() => void navigate(`/Management/Notification/Edit/${n.nfid}`, { state: { notification: n } })}
          >
            {s.edit}
          </Button>
          <DeleteNotificationButton n={n} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="management-toolbar">
        <span />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="add-notification"
          onClick={() => void navigate('/Management/Notification/Add')}
        >
          {s.add}
        </Button>
      </div>
      <Table<Notification>
        data-testid="notification-table"
        rowKey="nfid"
        size="small"
        loading={notifications.isPending}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: <EmptyState text={empty.notifications} testId="notifications-empty" /> }}
        pagination={tablePagination(rows.length)}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
