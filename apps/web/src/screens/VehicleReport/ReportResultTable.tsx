import { REPORT_PAGE_SIZE, type ReportCell, type ReportTable } from '@jejak/contract';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { tablePagination } from '../../ui/table/table.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useStrings } from '../../i18n/strings.ts';

type Row = Record<string, ReportCell> & { key: number };

const WRAPPED = new Set(['startAddress', 'endAddress', 'address', 'message', 'fuel']);

/** The report table (spec 3 §2, §9): the contract's columns, unknown cells as '-', 25 rows a page. */
export function ReportResultTable({ table, loading }: { table: ReportTable | null; loading: boolean }) {
  const empty = useStrings().empty;
  const columns: TableColumnsType<Row> = useMemo(
    () =>
      (table?.columns ?? []).map((c) => ({
        key: c.key,
        dataIndex: c.key,
        title: c.label,
        className: WRAPPED.has(c.key) ? 'vehicle-report-wrap' : undefined,
        render: (value: ReportCell) => (value === null || value === '' ? '-' : value),
      })),
    [table],
  );
  const rows = useMemo(() => (table?.rows ?? []).map((r, key) => ({ ...r, key })), [table]);
  return (
    <Table<Row>
      data-testid="report-table"
      className="vehicle-report-table"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: <EmptyState text={table ? empty.nothingFound : empty.beforeSubmit} /> }}
      pagination={tablePagination(rows.length, REPORT_PAGE_SIZE)}
      scroll={{ x: 'max-content' }}
    />
  );
}
