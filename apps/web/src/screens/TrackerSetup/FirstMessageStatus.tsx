import { CheckCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';
import { formatDateTime } from '../../ui/format.ts';
import { vehicleLink } from '../../ui/alerts/ticket-links.ts';
import type { FirstMessage } from './setup-guide.ts';

/** "Waiting for first message…" until the tracker reports, then a way to its vehicle on the live map. */
export function FirstMessageStatus({ status, uid }: { status: FirstMessage; uid: string }) {
  const s = useStrings().onboarding.setup;
  const navigate = useNavigate();
  if (status.state === 'waiting')
    return (
      <Alert
        type="info"
        showIcon
        icon={<LoadingOutlined />}
        data-testid="first-message-waiting"
        role="status"
        title={s.waiting}
        description={s.waitingHint}
      />
    );
  const link = status.vid ? vehicleLink(status.vid) : null;
  return (
    <Alert
      type="success"
      showIcon
      icon={<CheckCircleOutlined />}
      data-testid="first-message-received"
      role="status"
      title={s.received}
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text>{s.receivedAt(formatDateTime(status.atMs))}</Typography.Text>
          {link ? (
            <Link to={link.to} state={link.state} data-testid="first-message-vehicle">
              {s.viewVehicle}
            </Link>
          ) : (
            <>
              <Typography.Text type="secondary">{s.noVehicle}</Typography.Text>
              <Button size="small" onClick={() => void navigate('/Management/Vehicle/Add', { state: { uid } })}>
                {s.addVehicle}
              </Button>
            </>
          )}
        </Space>
      }
    />
  );
}
