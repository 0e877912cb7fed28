import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { SHARE_DEFAULT_HOURS, SHARE_LABEL_MAX, type ShareLink } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { addShareLink, revokeShareLink, shareKeys, useShareLinks } from '../../../api/fleet/share-links.ts';
import { errorText } from '../../../api/error-text.ts';
import { useSpecText, useStrings } from '../../../i18n/strings.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';
import { formatDateTime } from '../../../ui/format.ts';
import './share.css';

const EXPIRIES = [1, 4, 8, SHARE_DEFAULT_HOURS, 72, 168] as const;

interface ShareFormValues {
  label: string;
  expiresInHours: number;
}

/**
 * A vehicle's share links (issue 28 item 6, ADR 0093): create one (label, lifetime), whose URL is
 * shown this once with a Copy button, and the user's links of the vehicle with Revoke.
 */
export function SharePanel({ vid }: { vid: string }) {
  const s = useStrings().share;
  const spec = useSpecText();
  const [form] = Form.useForm<ShareFormValues>();
  const queryClient = useQueryClient();
  const links = useShareLinks(vid);
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shareKeys.of(vid) });
  const add = useMutation({
    mutationFn: (values: ShareFormValues) => addShareLink({ vid, ...values }),
    onSuccess: ({ url, message }) => {
      setCreated(url);
      showToast('success', spec(message));
      form.resetFields(['label']);
      refresh();
    },
    onError: (err) => showToast('error', spec(errorText(err))),
  });
  const revoke = useMutation({
    mutationFn: revokeShareLink,
    onSuccess: (message) => {
      showToast('success', spec(message));
      refresh();
    },
    onError: (err) => showToast('error', spec(errorText(err))),
  });
  const copy = (url: string) =>
    void navigator.clipboard
      .writeText(url)
      .then(() => showToast('success', s.copied))
      .catch(() => undefined);

  const state = (l: ShareLink) =>
    l.active ? (
      <Tag color="green">{s.active}</Tag>
    ) : l.revokedAt !== null ? (
      <Tag>{s.revoked}</Tag>
    ) : (
      <Tag>{s.ended}</Tag>
    );

  return (
    <div className="share-panel" data-testid="share-panel">
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <Form<ShareFormValues>
        form={form}
        layout="vertical"
        size="small"
        initialValues={{ expiresInHours: SHARE_DEFAULT_HOURS }}
        onFinish={(values) => add.mutate(values)}
      >
        <Form.Item name="label" label={s.label} rules={[{ required: true, whitespace: true, message: s.label }]}>
          <Input data-testid="share-label" maxLength={SHARE_LABEL_MAX} placeholder={s.labelPlaceholder} />
        </Form.Item>
        <Form.Item name="expiresInHours" label={s.expiresIn}>
          <Select data-testid="share-expiry" options={EXPIRIES.map((h) => ({ value: h, label: s.hours(h) }))} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<LinkOutlined />}
          loading={add.isPending}
          data-testid="share-create"
        >
          {s.create}
        </Button>
      </Form>
      {created !== null && (
        <Alert
          className="share-created"
          type="success"
          showIcon
          title={s.createdOnce}
          data-testid="share-created"
          description={
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={created} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
              <Button icon={<CopyOutlined />} onClick={() => copy(created)} data-testid="share-copy">
                {s.copy}
              </Button>
            </Space.Compact>
          }
        />
      )}
      <Typography.Title level={5} className="share-links-title">
        {s.links}
      </Typography.Title>
      <List<ShareLink>
        data-testid="share-links"
        size="small"
        loading={links.isPending}
        dataSource={links.data ?? []}
        locale={{ emptyText: s.empty }}
        renderItem={(l) => (
          <List.Item
            data-testid="share-link-item"
            data-slid={l.slid}
            actions={
              l.active
                ? [
                    <Popconfirm
                      key="revoke"
                      title={s.revokeConfirm}
                      okText={s.revoke}
                      cancelText={s.cancel}
                      okButtonProps={{ danger: true, 'data-testid': 'share-revoke-confirm' }}
                      onConfirm={() => revoke.mutate(l.slid)}
                    >
                      <Button size="small" danger data-testid="share-revoke">
                        {s.revoke}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <div className="share-link-item">
              <div className="share-link-head">
                <Typography.Text strong>{l.label}</Typography.Text> {state(l)}
              </div>
              <Typography.Text type="secondary" className="share-link-meta">
                {`${s.expires} ${formatDateTime(l.expiresAt)} · ${s.opened(l.opens, formatDateTime(l.lastOpenedAt))}`}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}
