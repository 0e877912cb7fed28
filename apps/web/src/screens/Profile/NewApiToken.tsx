import { useState } from 'react';
import {
  ACCOUNT_TEXTS,
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  API_TOKEN_TEXTS,
  type AddApiTokenRequest,
} from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { addApiToken, apiTokenKeys } from '../../api/accounts/api-tokens.ts';
import { errorText } from '../../api/error-text.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

const DEFAULT_DAYS = 90;

/**
 * The Create API token dialog: a name, the access and the lifetime; once created, the token's
 * secret with a copy button, shown this once (the server keeps only its SHA-256).
 */
export function NewApiToken({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useStrings().apiTokens;
  const spec = useSpecText();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddApiTokenRequest>();
  const [secret, setSecret] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: addApiToken,
    onSuccess: (answer) => {
      setSecret(answer.token);
      showToast('success', API_TOKEN_TEXTS.created);
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
    },
    onError: (error) => showToast('error', errorText(error)),
  });

  const close = () => {
    setSecret(null);
    form.resetFields();
    onClose();
  };

  const footer = secret ? (
    <Button type="primary" onClick={close} data-testid="api-token-done">
      {s.done}
    </Button>
  ) : (
    [
      <Button key="cancel" onClick={close}>
        {s.cancel}
      </Button>,
      <Button
        key="create"
        type="primary"
        loading={create.isPending}
        onClick={() => form.submit()}
        data-testid="api-token-submit"
      >
        {s.create}
      </Button>,
    ]
  );

  return (
    <Modal open={open} title={s.newTitle} onCancel={close} footer={footer} destroyOnHidden maskClosable={false}>
      {secret ? (
        <div data-testid="api-token-secret">
          <Alert type="warning" showIcon title={s.shownOnce} />
          <Typography.Paragraph
            code
            copyable={{ text: secret, tooltips: [s.copy, s.copied] }}
            className="profile-token-secret"
            data-testid="api-token-value"
          >
            {secret}
          </Typography.Paragraph>
        </div>
      ) : (
        <Form<AddApiTokenRequest>
          form={form}
          layout="vertical"
          initialValues={{ scope: 'read', expiresInDays: DEFAULT_DAYS }}
          onFinish={(values) => create.mutate({ ...values, name: values.name.trim() })}
        >
          <Form.Item
            name="name"
            label={s.name}
            rules={[{ required: true, whitespace: true, message: spec(ACCOUNT_TEXTS.fieldsEmpty) }]}
          >
            <Input maxLength={API_TOKEN_NAME_MAX} placeholder={s.namePlaceholder} data-testid="api-token-name" />
          </Form.Item>
          <Form.Item name="scope" label={s.access} extra={s.scopeHelp}>
            <Radio.Group
              optionType="button"
              options={API_TOKEN_SCOPES.map((scope) => ({
                value: scope,
                label: <span data-testid={`api-token-scope-${scope}`}>{s.scopes[scope]}</span>,
              }))}
            />
          </Form.Item>
          <Form.Item name="expiresInDays" label={s.expiresIn}>
            <Select
              data-testid="api-token-expiry"
              options={API_TOKEN_EXPIRY_DAYS.map((days) => ({ value: days, label: s.days(days) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
