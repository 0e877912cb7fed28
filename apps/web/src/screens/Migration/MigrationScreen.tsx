import { MIGRATION_TEXTS, type MigrationUser } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { fetchMigrationUsers, MIGRATION_USERS_KEY } from '../../api/accounts/migration.ts';
import { useRoleText, useStrings } from '../../i18n/strings.ts';
import { formatAdminDateTime } from '../../ui/format.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { searchableColumn } from '../../ui/table/searchable-column.tsx';
import { tablePagination } from '../../ui/table/table.ts';
import { usePinnedColumns } from '../../ui/table/use-pinned-columns.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** /Migration (spec 3 §2): every user with its V1 and V2 times; Name, Uid, Email and Role searchable. */
export function MigrationScreen() {
  const roleName = useRoleText();
  const strings = useStrings();
  const m = strings.migration;
  const navigate = useNavigate();
  const users = useQuery({ queryKey: MIGRATION_USERS_KEY, queryFn: fetchMigrationUsers, staleTime: 0 });
  useEffect(() => {
    if (users.error) showToast('error', MIGRATION_TEXTS.getUsersError);
  }, [users.error]);

  const labels = { search: m.search, reset: m.reset };
  const columns: TableColumnsType<MigrationUser> = [
    {
      title: m.name,
      dataIndex: 'userName',
      key: 'name',
      ...searchableColumn((u: MigrationUser) => u.userName, labels),
    },
    // Narrow date columns: the time wraps under the date, so the whole table fits.
    { title: m.v1, key: 'v1', width: 104, render: (_, u) => formatAdminDateTime(u.v1CreatedAt) },
    { title: m.v2, key: 'v2', width: 104, render: (_, u) => formatAdminDateTime(u.v2CreatedAt) },
    {
      title: m.uid,
      key: 'uid',
      width: 190,
      render: (_, u) => <span className="migration-uid">{u.uid}</span>,
      ...searchableColumn((u: MigrationUser) => u.uid, labels),
    },
    {
      title: m.email,
      dataIndex: 'userEmail',
      key: 'email',
      ...searchableColumn((u: MigrationUser) => u.userEmail, labels),
    },
    {
      title: m.role,
      key: 'role',
      render: (_, u) => roleName(u.userRole),
      ...searchableColumn((u: MigrationUser) => roleName(u.userRole), labels),
    },
    {
      title: m.action,
      key: 'action',
      fixed: 'right',
      render: (_, u) => (
        <Button size="small" onClick={() => void navigate(`/Migration/MigrateUser/${encodeURIComponent(u.uid)}`)}>
          {m.migrate}
        </Button>
      ),
    },
  ];
  const pinned = usePinnedColumns(columns);

  const rows = users.data ?? [];
  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{m.title}</Typography.Title>}>
        <Table<MigrationUser>
          data-testid="migration-table"
          rowKey="uid"
          size="small"
          loading={users.isPending}
          columns={pinned}
          dataSource={rows}
          locale={{ emptyText: <EmptyState text={strings.empty.migrationUsers} testId="migration-empty" /> }}
          pagination={tablePagination(rows.length)}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </div>
  );
}
