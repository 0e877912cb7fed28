import { PACKAGE_TEXTS, type VehiclePackageLog } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { fetchPackageLogs, packageKeys } from '../../api/fleet/packages.ts';
import { useStrings, useSpecText } from '../../i18n/strings.ts';
import { formatAdminDateTime } from '../../ui/format.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { PackageStatusTag } from '../../ui/subscriptions/package-status.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** The expanded row: every change of the vehicle's packages, newest first. */
export function PackageHistory({ vid, hasPackage }: { vid: string; hasPackage: boolean }) {
  const strings = useStrings();
  const spec = useSpecText();
  const s = strings.subscriptions;
  const logs = useQuery({
    queryKey: packageKeys.logs(vid),
    queryFn: () => fetchPackageLogs([vid]),
    enabled: hasPackage,
    staleTime: 0,
  });
  useEffect(() => {
    if (logs.error) showToast('error', PACKAGE_TEXTS.getLogError);
  }, [logs.error]);

  if (!hasPackage) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={spec(PACKAGE_TEXTS.noPackage)}
        data-testid="no-package"
      />
    );
  }
  const columns: TableColumnsType<VehiclePackageLog> = [
    { title: s.changedAt, key: 'at', render: (_, log) => formatAdminDateTime(log.createdAt) },
    { title: s.change, key: 'action', render: (_, log) => s.logActions[log.action] },
    { title: s.contractType, key: 'type', dataIndex: 'contractType' },
    { title: s.status, key: 'status', render: (_, log) => <PackageStatusTag status={log.status} /> },
    { title: s.startAt, key: 'start', render: (_, log) => formatAdminDateTime(log.startAt) },
    { title: s.endAt, key: 'end', render: (_, log) => formatAdminDateTime(log.endAt) },
  ];
  const rows = [...(logs.data ?? [])].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <div className="package-history" data-testid="package-history">
      <Table<VehiclePackageLog>
        size="small"
        rowKey="vehiclePackageLogId"
        loading={logs.isPending}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: <EmptyState text={strings.empty.packageHistory} testId="package-history-empty" /> }}
        pagination={false}
        title={() => s.history}
      />
    </div>
  );
}
