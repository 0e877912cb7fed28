import type { CommandStatus, DeviceCommandRow } from '@jejak/contract';
import { Table, Tag, type TableColumnsType } from 'antd';
import { localizeSpecText } from '../../../i18n/spec-texts.ts';
import { useLocale, useStrings } from '../../../i18n/strings.ts';
import { formatDateTime } from '../../../ui/format.ts';

const STATUS_COLOURS: Record<CommandStatus, string> = {
  QUEUED: 'gold',
  SENT: 'blue',
  ANSWERED: 'green',
  EXPIRED: 'default',
  FAILED: 'red',
};

/** A vehicle's latest commands: when, what, how it went, the tracker's answer and who sent it. */
export function CommandLog({ commands, loading }: { commands: DeviceCommandRow[]; loading: boolean }) {
  const s = useStrings().commands;
  const locale = useLocale();
  const what = (c: DeviceCommandRow) =>
    c.type === 'setInterval'
      ? `${s.types.setInterval}: ${c.seconds ?? ''} s`
      : c.type === 'custom'
        ? `${s.types.custom}: ${c.text ?? ''}`
        : s.types[c.type];
  const columns: TableColumnsType<DeviceCommandRow> = [
    { key: 'time', title: s.time, render: (_, c) => formatDateTime(c.createdAt) },
    { key: 'command', title: s.command, render: (_, c) => what(c) },
    {
      key: 'status',
      title: s.status,
      render: (_, c) => (
        <Tag color={STATUS_COLOURS[c.status]} data-testid={`command-status-${c.cmid}`}>
          {s.statuses[c.status]}
        </Tag>
      ),
    },
    {
      key: 'answer',
      title: s.answer,
      render: (_, c) => c.answer ?? (c.error ? localizeSpecText(c.error, locale) : ''),
    },
    { key: 'by', title: s.by, render: (_, c) => [c.createdBy, c.reason].filter(Boolean).join(' — ') },
  ];
  return (
    <Table<DeviceCommandRow>
      data-testid="command-log"
      rowKey="cmid"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={commands}
      locale={{ emptyText: s.empty }}
      pagination={false}
      scroll={{ x: 'max-content', y: 320 }}
    />
  );
}
