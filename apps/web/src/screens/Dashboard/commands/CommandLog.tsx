import type { CommandStatus, DeviceCommandRow } from '@jejak/contract';
import { List, Tag, Typography } from 'antd';
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

/**
 * A vehicle's latest commands, newest first: what, how it went, when and by whom (with the
 * reason of an engine stop), and the tracker's answer. A list rather than a table, so a phone
 * shows every part without scrolling sideways.
 */
export function CommandLog({ commands, loading }: { commands: DeviceCommandRow[]; loading: boolean }) {
  const s = useStrings().commands;
  const locale = useLocale();
  const what = (c: DeviceCommandRow) =>
    c.type === 'setInterval'
      ? `${s.types.setInterval}: ${c.seconds ?? ''} s`
      : c.type === 'custom'
        ? `${s.types.custom}: ${c.text ?? ''}`
        : s.types[c.type];
  return (
    <List<DeviceCommandRow>
      data-testid="command-log"
      size="small"
      loading={loading}
      dataSource={commands}
      locale={{ emptyText: s.empty }}
      renderItem={(c) => (
        <List.Item data-testid="command-log-item" data-cmid={c.cmid}>
          <div className="command-log-item">
            <div className="command-log-head">
              <Typography.Text strong>{what(c)}</Typography.Text>
              <Tag color={STATUS_COLOURS[c.status]} data-testid={`command-status-${c.cmid}`}>
                {s.statuses[c.status]}
              </Tag>
            </div>
            <Typography.Text type="secondary" className="command-log-meta">
              {[formatDateTime(c.createdAt), c.createdBy, c.reason].filter(Boolean).join(' · ')}
            </Typography.Text>
            {c.answer !== null && (
              <div>
                {s.answer}: <Typography.Text code>{c.answer}</Typography.Text>
              </div>
            )}
            {c.answer === null && c.error !== null && (
              <Typography.Text type="danger">{localizeSpecText(c.error, locale)}</Typography.Text>
            )}
          </div>
        </List.Item>
      )}
    />
  );
}
