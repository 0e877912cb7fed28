import { DownloadOutlined } from '@ant-design/icons';
import {
  NOTIFICATION_LOG_COLUMNS,
  NOTIFICATION_TEXTS,
  notificationLogRows,
  type NotificationLogEntry,
  type NotificationLogRow,
} from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Table, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { downloadNotificationLog, fetchNotificationLog, useNotifications } from '../../api/alerts/notifications.ts';
import { useSessionUser } from '../../store/session.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { fromPickerValue, toPickerValue } from '../../ui/dates.ts';
import { consoleTimeZone } from '../../ui/format.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { tablePagination } from '../../ui/table/table.ts';
import { defaultLogWindow, notificationOptions, stateNfid } from './log-rows.ts';
import './notification-log.css';
import { EmptyState } from '../../ui/EmptyState.tsx';

interface Query {
  nfid: string;
  startTime: number;
  endTime: number;
}

/**
 * Notification Log (spec 2 §2, §8, §9): a notification, a window (start of the month until
 * now), Submit, the delivery attempts with their recipients per type, and a spreadsheet export.
 */
export function NotificationLogScreen() {
  const me = useSessionUser();
  const l = useStrings().rules.log;
  const empty = useStrings().empty;
  const spec = useSpecText();
  const notifications = useNotifications(me.uid);
  const opened = stateNfid(useLocation().state);
  const [nfid, setNfid] = useState<string | undefined>(opened);
  const [range, setRange] = useState(() => defaultLogWindow(Date.now()));
  const [shown, setShown] = useState<{ query: Query; entries: NotificationLogEntry[] } | null>(null);

  const load = useMutation({
    mutationFn: async (query: Query) => ({
      query,
      entries: await fetchNotificationLog(query.nfid, query.startTime, query.endTime),
    }),
    onSuccess: (result) => {
      setShown(result);
      showToast('info', NOTIFICATION_TEXTS.logReceived.replace('{n}', String(result.entries.length)));
    },
    onError: () => showToast('error', NOTIFICATION_TEXTS.logError),
  });
  const exporting = useMutation({
    mutationFn: downloadNotificationLog,
    onError: () => showToast('error', NOTIFICATION_TEXTS.logError),
  });

  const submit = () => {
    if (nfid) load.mutate({ nfid, startTime: range.start, endTime: range.end });
  };
  // Opened from a notification's Log action: show its log straight away.
  const autoLoaded = useRef(false);
  useEffect(() => {
    if (!opened || autoLoaded.current) return;
    autoLoaded.current = true;
    load.mutate({ nfid: opened, startTime: range.start, endTime: range.end });
  }, [opened, load, range]);

  const rows = shown ? notificationLogRows(shown.entries, consoleTimeZone()) : [];
  const columns: TableColumnsType<NotificationLogRow> = NOTIFICATION_LOG_COLUMNS.map((c) => ({
    key: c.key,
    title: spec(c.label),
    dataIndex: c.key,
  }));
  const pick = (value: Dayjs | null, edge: 'start' | 'end') => {
    if (value) setRange((w) => ({ ...w, [edge]: fromPickerValue(value) }));
  };

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{l.title}</Typography.Title>} data-testid="notification-log">
        <div className="log-toolbar">
          <label className="log-field">
            <span>{l.notification}</span>
            <Select
              id="log-notification"
              className="log-notification"
              showSearch={{ optionFilterProp: 'label' }}
              loading={notifications.isPending}
              value={nfid}
              onChange={setNfid}
              options={notificationOptions(notifications.data ?? [])}
            />
          </label>
          <label className="log-field">
            <span>{l.start}</span>
            <DatePicker
              id="log-start"
              showTime
              allowClear={false}
              format="YYYY/MM/DD h:mm:ss A"
              value={toPickerValue(range.start)}
              onChange={(v) => pick(v, 'start')}
            />
          </label>
          <label className="log-field">
            <span>{l.end}</span>
            <DatePicker
              id="log-end"
              showTime
              allowClear={false}
              format="YYYY/MM/DD h:mm:ss A"
              value={toPickerValue(range.end)}
              onChange={(v) => pick(v, 'end')}
            />
          </label>
          <div className="log-actions">
            <Button type="primary" disabled={!nfid} loading={load.isPending} onClick={submit} data-testid="log-submit">
              {l.submit}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={!shown}
              loading={exporting.isPending}
              onClick={() => shown && exporting.mutate({ ...shown.query, timeZone: consoleTimeZone() })}
              data-testid="log-export"
            >
              {l.export}
            </Button>
          </div>
        </div>
        <Table<NotificationLogRow>
          data-testid="log-table"
          rowKey="key"
          size="small"
          loading={load.isPending}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: <EmptyState text={shown ? empty.nothingFound : empty.beforeSubmit} /> }}
          pagination={tablePagination(rows.length)}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </div>
  );
}
