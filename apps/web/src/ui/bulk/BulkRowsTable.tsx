import type { BulkRowStatus } from '@jejak/domain';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { localizeSpecText } from '../../i18n/spec-texts.ts';
import { useLocale, useStrings } from '../../i18n/strings.ts';
import type { BulkRow } from './bulk-check.ts';

const STATUS_COLOURS: Readonly<Record<BulkRowStatus, string>> = {
  READY: 'default',
  LOADING: 'processing',
  SUCCESS: 'success',
  WARNING: 'warning',
  FAILED: 'error',
};

const ROW_WIDTH = 64;
const VALUE_WIDTH = 160;
const STATUS_WIDTH = 110;
const MESSAGE_WIDTH = 380;

/**
 * The rows of a bulk file and their statuses; virtual, so thousands of rows scroll smoothly.
 * Status and message come first: a geofence row has eight values, and what became of a row must
 * not sit off-screen behind them.
 */
export function BulkRowsTable({
  columns,
  rows,
}: {
  columns: readonly { key: string; label: string }[];
  rows: readonly BulkRow[];
}) {
  const s = useStrings().bulk;
  const locale = useLocale();
  const tableColumns = useMemo<ColumnsType<BulkRow>>(
    () => [
      { key: 'row', title: s.columns.row, width: ROW_WIDTH, dataIndex: 'rowNumber' },
      {
        key: 'status',
        title: s.columns.status,
        width: STATUS_WIDTH,
        render: (_: unknown, row: BulkRow) => (
          <Tag color={STATUS_COLOURS[row.status]} data-status={row.status}>
            {s.statuses[row.status]}
          </Tag>
        ),
      },
      {
        key: 'message',
        title: s.columns.message,
        width: MESSAGE_WIDTH,
        // One line per row keeps the virtual list even; the whole message is in the cell's title.
        ellipsis: { showTitle: true },
        // The rules' and the server's texts, in Malay where the spec table has them.
        render: (_: unknown, row: BulkRow) => (row.message ? localizeSpecText(row.message, locale) : ''),
      },
      ...columns.map((c) => ({
        key: c.key,
        title: c.label,
        width: VALUE_WIDTH,
        ellipsis: true,
        render: (_: unknown, row: BulkRow) => row.values[c.key] ?? '',
      })),
    ],
    [columns, s, locale],
  );
  return (
    <Table<BulkRow>
      data-testid="bulk-rows"
      virtual
      size="small"
      rowKey="rowNumber"
      columns={tableColumns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: ROW_WIDTH + VALUE_WIDTH * columns.length + STATUS_WIDTH + MESSAGE_WIDTH, y: 340 }}
    />
  );
}
