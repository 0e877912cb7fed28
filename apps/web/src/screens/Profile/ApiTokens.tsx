import { useState } from 'react';
import { API_TOKEN_TEXTS, type ApiToken } from '@jejak/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { apiTokenKeys, fetchApiTokens, revokeApiToken } from '../../api/accounts/api-tokens.ts';
import { errorText } from '../../api/error-text.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { formatDateTime } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';
import { NewApiToken } from './NewApiToken.tsx';

/**
 * Profile's API tokens (issue 28, ADR 0087): the user's tokens with their access, created,
 * expiry and last use; Create opens the form that shows a new token's secret once; Revoke ends
 * one at once.
 */
export function ApiTokens() {
  const s = useStrings().apiTokens;
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const tokens = useQuery({ queryKey: apiTokenKeys.all, queryFn: fetchApiTokens });
  const nowMs = useNow(60_000);

  const revoke = useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => {
      showToast('success', API_TOKEN_TEXTS.revoked);
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
    },
    onError: (error) => showToast('error', errorText(error)),
  });

  // The name, access and Revoke on one line, the dates under them at the card's full width.
  const item = (t: ApiToken) => (
    <List.Item data-testid={`api-token-${t.prefix}`} className="profile-api-token">
      <div className="profile-switch-row">
        <Space wrap size={4}>
          <Typography.Text strong>{t.name}</Typography.Text>
          <Tag color={t.scope === 'full' ? 'orange' : 'blue'}>{s.scopes[t.scope]}</Tag>
          {t.expiresAt <= nowMs && <Tag color="red">{s.expired}</Tag>}
        </Space>
        <Popconfirm
          title={s.revokeConfirm}
          okText={s.revoke}
          cancelText={s.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={() => revoke.mutate(t.tokenId)}
        >
          <Button danger size="small" icon={<DeleteOutlined />} data-testid="api-token-revoke">
            {s.revoke}
          </Button>
        </Popconfirm>
      </div>
      <Typography.Text code>{`${t.prefix}…`}</Typography.Text>
      <Typography.Text type="secondary">{`${s.created}: ${formatDateTime(t.createdAt)}`}</Typography.Text>
      <Typography.Text type="secondary">{`${s.expires}: ${formatDateTime(t.expiresAt)}`}</Typography.Text>
      <Typography.Text type="secondary" data-testid="api-token-last-used">
        {`${s.lastUsed}: ${t.lastUsedAt === null ? s.never : formatDateTime(t.lastUsedAt)}`}
      </Typography.Text>
    </List.Item>
  );

  return (
    <div className="profile-api-tokens" data-testid="api-tokens">
      <div className="profile-switch-row">
        <Typography.Text strong>{s.title}</Typography.Text>
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-token-create">
          {s.create}
        </Button>
      </div>
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <List<ApiToken>
        size="small"
        loading={tokens.isLoading}
        dataSource={tokens.data ?? []}
        locale={{ emptyText: s.none }}
        rowKey="tokenId"
        renderItem={item}
      />
      <NewApiToken open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
