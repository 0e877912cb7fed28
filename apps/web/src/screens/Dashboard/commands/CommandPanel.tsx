import { SendOutlined } from '@ant-design/icons';
import {
  COMMAND_DEFAULT_EXPIRY_MINUTES,
  COMMAND_INTERVAL_SECONDS,
  COMMAND_TEXT_MAX,
  type CommandType,
  type SendCommandRequest,
} from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { commandKeys, sendCommand, useCommands } from '../../../api/fleet/commands.ts';
import { errorText } from '../../../api/error-text.ts';
import { useStrings } from '../../../i18n/strings.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';
import { CommandLog } from './CommandLog.tsx';

const EXPIRIES = [15, COMMAND_DEFAULT_EXPIRY_MINUTES, 360, 1440] as const;

interface CommandFormValues {
  type: CommandType;
  seconds?: number;
  text?: string;
  reason?: string;
  force?: boolean;
  sms?: boolean;
  expiresInMinutes: number;
}

/**
 * A vehicle's Commands (issue 29 item 4, ADR 0090): the commands its tracker takes that the user
 * may send, the fields each needs (engine stop: a reason, a confirmation, and "Stop anyway" while
 * it moves), and the command log with each one's status and the tracker's answer.
 */
export function CommandPanel({ vid, name }: { vid: string; name: string }) {
  const s = useStrings().commands;
  const [form] = Form.useForm<CommandFormValues>();
  const type = Form.useWatch('type', form);
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const commands = useCommands(vid);
  const available = commands.data?.available ?? [];
  const send = useMutation({
    mutationFn: (body: SendCommandRequest) => sendCommand(body),
    onSuccess: ({ message }) => {
      showToast('success', message);
      form.resetFields(['seconds', 'text', 'reason', 'force', 'sms']);
      void queryClient.invalidateQueries({ queryKey: commandKeys.of(vid) });
    },
    onError: (err) => showToast('error', errorText(err)),
  });

  const submit = (values: CommandFormValues) => {
    const body: SendCommandRequest = { vid, ...values };
    if (values.type !== 'engineStop') {
      send.mutate(body);
      return;
    }
    void modal.confirm({
      title: s.types.engineStop,
      content: s.confirmStop(name),
      okText: s.confirmOk,
      okButtonProps: { danger: true, 'data-testid': 'command-confirm-stop' },
      cancelText: s.cancel,
      onOk: () => send.mutate(body),
    });
  };

  if (commands.isSuccess && available.length === 0)
    return (
      <>
        <Alert type="info" showIcon title={s.notSupported} data-testid="commands-none" />
        <CommandLog commands={commands.data.commands} loading={false} />
      </>
    );

  return (
    <div className="command-panel" data-testid="command-panel">
      {modalHolder}
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <Form<CommandFormValues>
        form={form}
        layout="vertical"
        size="small"
        initialValues={{ expiresInMinutes: COMMAND_DEFAULT_EXPIRY_MINUTES }}
        onFinish={submit}
      >
        <Form.Item name="type" label={s.command} rules={[{ required: true, message: s.command }]}>
          <Select
            data-testid="command-type"
            loading={commands.isPending}
            options={available.map((t) => ({ value: t, label: s.types[t] }))}
          />
        </Form.Item>
        {type === 'setInterval' && (
          <Form.Item name="seconds" label={s.seconds} rules={[{ required: true, message: s.seconds }]}>
            <InputNumber
              data-testid="command-seconds"
              min={COMMAND_INTERVAL_SECONDS.min}
              max={COMMAND_INTERVAL_SECONDS.max}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        {type === 'custom' && (
          <Form.Item name="text" label={s.text} rules={[{ required: true, whitespace: true, message: s.text }]}>
            <Input data-testid="command-text" maxLength={COMMAND_TEXT_MAX} />
          </Form.Item>
        )}
        {type === 'engineStop' && (
          <>
            <Form.Item name="reason" label={s.reason} rules={[{ required: true, whitespace: true, message: s.reason }]}>
              <Input data-testid="command-reason" maxLength={200} placeholder={s.reasonPlaceholder} />
            </Form.Item>
            <Form.Item name="force" valuePropName="checked">
              <Checkbox data-testid="command-force">{s.force}</Checkbox>
            </Form.Item>
          </>
        )}
        {type !== undefined && (commands.data?.sms ?? []).includes(type) && (
          <Form.Item name="sms" valuePropName="checked">
            <Checkbox data-testid="command-sms">{s.sms}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="expiresInMinutes" label={s.expiresIn}>
          <Select options={EXPIRIES.map((m) => ({ value: m, label: s.minutes(m) }))} />
        </Form.Item>
        <Button
          type="primary"
          danger={type === 'engineStop'}
          htmlType="submit"
          icon={<SendOutlined />}
          loading={send.isPending}
          data-testid="command-send"
        >
          {s.send}
        </Button>
      </Form>
      <Typography.Title level={5} className="command-log-title">
        {s.log}
      </Typography.Title>
      <CommandLog commands={commands.data?.commands ?? []} loading={commands.isPending} />
    </div>
  );
}
