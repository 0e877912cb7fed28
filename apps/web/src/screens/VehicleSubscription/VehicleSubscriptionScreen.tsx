import { PACKAGE_TEXTS } from '@jejak/contract';
import { mayCall, PACKAGE_STATUSES, toPermissionRole } from '@jejak/domain';
import { Card, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { formatAdminDateTime } from '../../ui/format.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { PackageStatusTag } from '../../ui/subscriptions/package-status.tsx';
import { SolidTag } from '../../ui/SolidTag.tsx';
import { renewalText, statusSummary, type SubscriptionRow } from '../../ui/subscriptions/subscription-rows.ts';
import { useSubscriptions } from '../../ui/subscriptions/use-subscriptions.ts';
import { PackageActions } from './PackageActions.tsx';
import { PackageHistory } from './PackageHistory.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** Page size of the subscription table (spec 3 §9). */
const PAGE_SIZE = 10;

function Summary({ rows }: { rows: readonly SubscriptionRow[] }) {
  const s = useStrings().subscriptions;
  const summary = statusSummary(rows);
  return (
    <Space wrap className="status-summary" data-testid="status-summary">
      <Tag>
        {s.total}: {summary.total}
      </Tag>
      {PACKAGE_STATUSES.map((status) => (
        <PackageStatusTag key={status} status={status} count={summary.byStatus[status]} />
      ))}
      <SolidTag colour="gold">
        {s.expiringSoon}: {summary.expiringSoon}
      </SolidTag>
      <Tag>
        {s.noPackage}: {summary.noPackage}
      </Tag>
    </Space>
  );
}

/**
 * /VehicleSubscription (spec 3 §2): every vehicle the user reaches with its package, a status
 * summary, the package history on expanding a row, and the actions for those who manage them.
 */
export function VehicleSubscriptionScreen() {
  const me = useSessionUser();
  const s = useStrings().subscriptions;
  const empty = useStrings().empty;
  const { rows, loading } = useSubscriptions();
  const manages = mayCall(toPermissionRole(me.userRole), 'managePackages');

  const columns: TableColumnsType<SubscriptionRow> = [
    {
      title: s.vehicle,
      key: 'vehicle',
      render: (_, r) => (
        <div className="subscription-vehicle">
          <span className="subscription-plate">{r.vehicle.vehiclePlate}</span>
          <Typography.Text type="secondary">{r.vehicle.vehicleDisplayName}</Typography.Text>
        </div>
      ),
    },
    { title: s.contractType, key: 'type', render: (_, r) => r.pkg?.contractType ?? '-' },
    // Narrow date columns: the time wraps under the date.
    { title: s.startAt, key: 'start', width: 104, render: (_, r) => formatAdminDateTime(r.pkg?.startAt) },
    { title: s.endAt, key: 'end', width: 104, render: (_, r) => formatAdminDateTime(r.pkg?.endAt) },
    {
      title: s.status,
      key: 'status',
      render: (_, r) =>
        r.pkg ? (
          <Space size={4} orientation="vertical">
            <PackageStatusTag status={r.pkg.status} />
            {r.pkg.expiringSoon && <SolidTag colour="gold">{s.expiringSoon}</SolidTag>}
            {r.pkg.renewal && (
              <Tooltip title={renewalText(r.pkg.renewal, s.renewalPeriod)}>
                <SolidTag colour="cyan" testId="renewal-booked">
                  {s.renewalBooked}
                </SolidTag>
              </Tooltip>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{s.noPackage}</Typography.Text>
        ),
    },
    ...(manages
      ? [
          {
            title: s.actions,
            key: 'actions',
            render: (_: unknown, r: SubscriptionRow) => <PackageActions row={r} />,
          },
        ]
      : []),
  ];

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{s.title}</Typography.Title>}>
        <Summary rows={rows} />
        <Table<SubscriptionRow>
          data-testid="subscription-table"
          rowKey={(r) => r.vehicle.vid}
          size="small"
          loading={loading}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: <EmptyState text={empty.vehiclesElsewhere} testId="subscriptions-empty" /> }}
          pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (r) => <PackageHistory vid={r.vehicle.vid} hasPackage={r.pkg !== null} />,
            onExpand: (expanded, r) => {
              if (expanded && !r.pkg) showToast('info', PACKAGE_TEXTS.noPackage);
            },
          }}
        />
      </Card>
    </div>
  );
}
