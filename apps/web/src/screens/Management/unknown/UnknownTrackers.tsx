import { ReloadOutlined } from '@ant-design/icons';
import type { UnknownDevice } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { fetchUnknownDevices, onboardingKeys } from '../../../api/fleet/onboarding.ts';
import { useStrings } from '../../../i18n/strings.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { tablePagination } from '../../../ui/table/table.ts';
import { registerState, unknownRows } from './unknown-rows.ts';
import './unknown-trackers.css';

/**
 * Trackers that connected with an IMEI no device has (issue 26 item 4, ADR 0074), for the roles
 * that register devices: newest first, each registered in one click (Add Device filled in). The
 * address they came from is shown when the server gives it (super and support).
 */
export function UnknownTrackers() {
  const s = useStrings().onboarding.unknown;
  const navigate = useNavigate();
  const unknown = useQuery({ queryKey: onboardingKeys.unknown, queryFn: fetchUnknownDevices, refetchInterval: 30_000 });
  const rows = useMemo(() => unknownRows(unknown.data ?? []), [unknown.data]);
  const showsAddress = rows.some((r) => r.remote !== null);

  const columns: TableColumnsType<UnknownDevice> = [
    { title: s.imei, key: 'imei', fixed: 'left', render: (_, u) => <strong>{u.imei}</strong> },
    { title: s.protocol, key: 'protocol', render: (_, u) => u.protocol },
    { title: s.model, key: 'model', render: (_, u) => u.models.join(', ') || '-' },
    { title: s.firstSeen, key: 'firstSeen', render: (_, u) => formatDateTime(u.firstSeen) },
    { title: s.lastSeen, key: 'lastSeen', render: (_, u) => formatDateTime(u.lastSeen) },
    { title: s.attempts, key: 'attempts', align: 'right', render: (_, u) => u.attempts },
    ...(showsAddress
      ? [{ title: s.address, key: 'remote', render: (_: unknown, u: UnknownDevice) => u.remote ?? '-' }]
      : []),
    {
      title: s.action,
      key: 'action',
      fixed: 'right',
      render: (_, u) => (
        <Button
          size="small"
          type="primary"
          data-testid={`register-${u.imei}`}
          onClick={() => void navigate('/Management/Device/Add', { state: registerState(u) })}
        >
          {s.register}
        </Button>
      ),
    },
  ];

  return (
    <Card
      size="small"
      className="unknown-trackers"
      data-testid="unknown-trackers"
      title={s.title}
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          aria-label={s.refresh}
          title={s.refresh}
          loading={unknown.isFetching}
          onClick={() => void unknown.refetch()}
        />
      }
    >
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <Table<UnknownDevice>
        rowKey={(u) => `${u.protocol}:${u.imei}`}
        size="small"
        loading={unknown.isPending}
        columns={columns}
        dataSource={rows}
        pagination={tablePagination(rows.length)}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty description={s.empty} data-testid="unknown-empty">
              <Typography.Text type="secondary">{s.emptyHint}</Typography.Text>
            </Empty>
          ),
        }}
      />
    </Card>
  );
}
