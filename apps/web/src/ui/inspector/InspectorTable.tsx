import { INSPECTOR_PAGE_SIZE } from '@jejak/contract';
import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { tablePagination } from '../table/table.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { EmptyState } from '../EmptyState.tsx';

type Cell = string | number | null;

interface InspectorTableProps<R extends { key: string }> {
  testId: string;
  columns: readonly { key: keyof R & string; label: string }[];
  rows: readonly R[];
  loading: boolean;
  /** Columns whose long texts wrap instead of widening the table (Address, Extra). */
  wrapKeys?: readonly string[];
  /** A cell drawn otherwise than as text (Location as a map link). */
  renderCell?: (key: keyof R & string, row: R) => ReactNode | undefined;
  /** Whether a look-up has run: before, the empty table says how to start one. */
  looked: boolean;
}

/**
 * An inspector's table (spec 3 §2): the contract's columns in order, unknown cells as '-',
 * 25 rows a page (spec 3 §9), scrolling sideways where the screen is narrower than the table.
 */
export function InspectorTable<R extends { key: string }>(props: InspectorTableProps<R>) {
  const spec = useSpecText();
  const empty = useStrings().empty;
  const columns: TableColumnsType<R> = props.columns.map((c) => ({
    key: c.key,
    title: spec(c.label),
    className: props.wrapKeys?.includes(c.key) ? 'inspector-wrap' : undefined,
    render: (_: unknown, row: R) => {
      const drawn = props.renderCell?.(c.key, row);
      if (drawn !== undefined) return drawn;
      const value = row[c.key] as Cell;
      return value === null || value === '' ? '-' : value;
    },
  }));
  return (
    <Table<R>
      data-testid={props.testId}
      className="inspector-table"
      rowKey="key"
      size="small"
      loading={props.loading}
      columns={columns}
      dataSource={[...props.rows]}
      locale={{ emptyText: <EmptyState text={props.looked ? empty.nothingFound : empty.beforeSubmit} /> }}
      pagination={tablePagination(props.rows.length, INSPECTOR_PAGE_SIZE)}
      scroll={{ x: 'max-content' }}
    />
  );
}
