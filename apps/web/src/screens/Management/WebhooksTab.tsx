import { DeleteOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { WEBHOOK_KINDS, type Webhook, type WebhookDelivery, type WebhookKind } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import {
  addWebhook,
  deleteWebhook,
  resumeWebhook,
  useWebhookLog,
  useWebhooks,
  webhookKeys,
} from '../../api/alerts/webhooks.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { formatDateTime } from '../../ui/format.ts';
import { tablePagination } from '../../ui/table/table.ts';

/** One webhook's latest deliveries: status, attempts, answer, latency, error. */
function DeliveryLog({ whid }: { whid: string }) {
  const s = useStrings().management.webhooks;
  const log = useWebhookLog(whid);
  const columns: TableColumnsType<WebhookDelivery> = [
    { key: 'time', title: s.time, render: (_, d) => formatDateTime(d.updatedAt) },
    { key: 'kind', title: s.kind, render: (_, d) => s.kinds[d.kind] },
    {
      key: 'status',
      title: s.status,
      render: (_, d) => (
        <Tag color={d.status === 'SENT' ? 'green' : d.status === 'FAILED' ? 'red' : 'gold'}>{s.statuses[d.status]}</Tag>
      ),
    },
    { key: 'attempt', title: s.attempts, dataIndex: 'attempt' },
    { key: 'code', title: s.responseCode, render: (_, d) => d.responseCode ?? '—' },
    { key: 'latency', title: s.latency, render: (_, d) => (d.latencyMs === null ? '—' : `${d.latencyMs} ms`) },
    { key: 'error', title: s.error, render: (_, d) => d.error ?? '' },
  ];
  return (
    <Table<WebhookDelivery>
      data-testid={`webhook-log-${whid}`}
      rowKey="wdid"
      size="small"
      loading={log.isPending}
      columns={columns}
      dataSource={log.data ?? []}
      locale={{ emptyText: s.noDeliveries }}
      pagination={tablePagination(log.data?.length ?? 0)}
      scroll={{ x: 'max-content' }}
    />
  );
}

/**
 * Management's Webhook tab (issue 28 item 2, ADR 0089): the caller's HTTPS endpoints, the form
 * that adds one and shows its secret once, each one's state (active or paused), resume and
 * delete, and its delivery log in the expanded row.
 */
export function WebhooksTab() {
  const s = useStrings().management.webhooks;
  const queryClient = useQueryClient();
  const hooks = useWebhooks();
  const [url, setUrl] = useState('');
  const [kinds, setKinds] = useState<WebhookKind[]>([...WEBHOOK_KINDS]);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const add = useMutation({
    mutationFn: () => addWebhook(url.trim(), kinds),
    onSuccess: async (r) => {
      setSecret(r.secret);
      setUrl('');
      await refresh();
    },
    onError: (error) => showToast('error', errorText(error)),
  });
  const change = useMutation({
    mutationFn: ({ whid, action }: { whid: string; action: 'resume' | 'delete' }) =>
      action === 'resume' ? resumeWebhook(whid) : deleteWebhook(whid),
    onSuccess: async (message) => {
      showToast('success', message);
      await refresh();
    },
    onError: (error) => showToast('error', errorText(error)),
  });

  const columns: TableColumnsType<Webhook> = [
    { key: 'url', title: s.url, render: (_, w) => <Typography.Text code>{w.url}</Typography.Text> },
    {
      key: 'kinds',
      title: s.kind,
      // Nine kinds do not fit one cell: all of them read as one phrase, fewer wrap.
      render: (_, w) =>
        w.kinds.length === WEBHOOK_KINDS.length ? (
          s.allKinds
        ) : (
          <span style={{ whiteSpace: 'normal' }}>{w.kinds.map((k) => s.kinds[k]).join(', ')}</span>
        ),
    },
    {
      key: 'state',
      title: s.status,
      render: (_, w) =>
        w.pausedAt === null ? (
          <Tag color="green">{s.active}</Tag>
        ) : (
          <Tag color="red" data-testid={`paused-${w.whid}`}>
            {s.paused(formatDateTime(w.pausedAt))}
          </Tag>
        ),
    },
    {
      key: 'actions',
      title: s.actions,
      render: (_, w) => (
        <Space>
          {w.pausedAt !== null && (
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              onClick={() => change.mutate({ whid: w.whid, action: 'resume' })}
            >
              {s.resume}
            </Button>
          )}
          <Popconfirm
            title={s.deleteConfirm}
            okText={s.deleteOk}
            cancelText={s.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={() => change.mutate({ whid: w.whid, action: 'delete' })}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {s.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
        <Space wrap align="start">
          <Input
            data-testid="webhook-url"
            style={{ width: 'min(420px, calc(100vw - 100px))' }}
            placeholder="https://example.com/jejak"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Checkbox.Group<WebhookKind>
            value={kinds}
            onChange={(v) => setKinds(v)}
            options={WEBHOOK_KINDS.map((k) => ({ value: k, label: s.kinds[k] }))}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="add-webhook"
            loading={add.isPending}
            disabled={url.trim() === '' || kinds.length === 0}
            onClick={() => add.mutate()}
          >
            {s.add}
          </Button>
        </Space>
        {secret !== null && (
          <Alert
            data-testid="webhook-secret"
            type="warning"
            showIcon
            closable
            onClose={() => setSecret(null)}
            message={s.secretTitle}
            description={
              <Typography.Text code copyable>
                {secret}
              </Typography.Text>
            }
          />
        )}
      </Space>
      <Table<Webhook>
        data-testid="webhook-table"
        rowKey="whid"
        size="small"
        loading={hooks.isPending}
        columns={columns}
        dataSource={hooks.data ?? []}
        expandable={{ expandedRowRender: (w) => <DeliveryLog whid={w.whid} /> }}
        locale={{ emptyText: s.empty }}
        pagination={tablePagination(hooks.data?.length ?? 0)}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
