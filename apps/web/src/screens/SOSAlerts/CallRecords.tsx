import type { EscalationCallRecord } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { errorText } from '../../api/error-text.ts';
import { escalationKeys, fetchEscalationRecords, type TimeWindow } from '../../api/alerts/escalations.ts';
import { useStrings } from '../../i18n/strings.ts';
import { formatAdminDateTime } from '../../ui/format.ts';
import { tablePagination } from '../../ui/table/table.ts';
import { StatusTag } from './StatusTag.tsx';

/** One chain's call attempts, one row per call in the order they were made (spec 3 §2). */
export function CallRecords({ ecid, window }: { ecid: string; window: TimeWindow }) {
  const s = useStrings().alerts.sos;
  const records = useQuery({
    queryKey: escalationKeys.records(ecid, window),
    queryFn: () => fetchEscalationRecords(ecid, window),
  });
  const rows = [...(records.data ?? [])].sort((a, b) => a.createdAt - b.createdAt);
  const columns: TableColumnsType<EscalationCallRecord> = [
    { title: s.contactName, dataIndex: 'contactName', key: 'name' },
    { title: s.contactNumber, dataIndex: 'contactNumber', key: 'number' },
    { title: s.callStatus, key: 'status', render: (_, r) => <StatusTag status={r.status} /> },
    { title: s.callTime, key: 'time', render: (_, r) => formatAdminDateTime(r.createdAt) },
    { title: s.detail, dataIndex: 'detail', key: 'detail' },
  ];
  return (
    <Table<EscalationCallRecord>
      data-testid="call-records"
      rowKey="ecrid"
      size="small"
      loading={records.isFetching}
      columns={columns}
      dataSource={rows}
      pagination={tablePagination(rows.length)}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: records.error ? errorText(records.error) : s.noCalls }}
    />
  );
}
