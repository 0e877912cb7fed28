import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { NOTIFICATION_TEXTS, NOTIFICATION_TYPES, PHONE_PREFIX, type NotificationType } from '@jejak/contract';
import { Button, Checkbox, Form, Input, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { emailHint, type NotificationFormValues } from './notification-form.ts';
import { PushUserSelect } from './PushUserSelect.tsx';

/** The e-mail of a recipient, checked when the field is left (spec 2 §5). */
function EmailInput({ id, value, onChange }: { id: string; value?: string; onChange?: (v: string) => void }) {
  const spec = useSpecText();
  const [hint, setHint] = useState<string | null>(null);
  return (
    <>
      <Input
        id={id}
        type="email"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        onBlur={() => setHint(emailHint(value))}
        status={hint === NOTIFICATION_TEXTS.invalidEmail ? 'error' : undefined}
      />
      {hint && (
        <Typography.Text
          data-testid={`${id}-hint`}
          type={hint === NOTIFICATION_TEXTS.validEmail ? 'success' : 'danger'}
          className="recipient-hint"
        >
          {spec(hint)}
        </Typography.Text>
      )}
    </>
  );
}

interface RecipientListProps {
  form: FormInstance<NotificationFormValues>;
  type: NotificationType | undefined;
  keypad: boolean;
}

/** The recipients of a notification, with the fields its type needs (spec 2 §3, §5). */
export function RecipientList({ form, type, keypad }: RecipientListProps) {
  const f = useStrings().rules.notificationForm;
  return (
    <Form.List name="recipient">
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="notification-fieldset" data-testid="recipients">
          <legend>{f.recipients}</legend>
          {fields.map((field, index) => {
            const id = (part: string) => `recipient-${index}-${part}`;
            return (
              <div className="recipient-row" key={field.key} data-testid={`recipient-${index}`}>
                {type === NOTIFICATION_TYPES.PUSH ? (
                  <Form.Item name={[field.name, 'uid']} label={f.user} htmlFor={id('uid')}>
                    <PushUserSelect
                      id={id('uid')}
                      name={form.getFieldValue(['recipient', field.name, 'name']) as string | undefined}
                      onName={(name) => form.setFieldValue(['recipient', field.name, 'name'], name)}
                    />
                  </Form.Item>
                ) : (
                  <Form.Item name={[field.name, 'name']} label={f.recipientName} htmlFor={id('name')}>
                    <Input id={id('name')} maxLength={120} />
                  </Form.Item>
                )}
                {type === NOTIFICATION_TYPES.EMAIL && (
                  <Form.Item name={[field.name, 'email']} label={f.email} htmlFor={id('email')}>
                    <EmailInput id={id('email')} />
                  </Form.Item>
                )}
                {(type === NOTIFICATION_TYPES.SMS || type === NOTIFICATION_TYPES.CALL) && (
                  <Form.Item name={[field.name, 'contact']} label={f.contact} htmlFor={id('contact')}>
                    <Input id={id('contact')} inputMode="tel" addonBefore={PHONE_PREFIX} maxLength={14} />
                  </Form.Item>
                )}
                {type === NOTIFICATION_TYPES.CALL && (
                  <Form.Item
                    name={[field.name, 'isKeypadAuthorized']}
                    valuePropName="checked"
                    label=" "
                    htmlFor={id('keypad')}
                  >
                    <Checkbox id={id('keypad')} disabled={!keypad}>
                      {f.keypadAuthorized}
                    </Checkbox>
                  </Form.Item>
                )}
                <Button
                  className="recipient-remove"
                  aria-label={f.removeRecipient}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                />
              </div>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({})}
            data-testid="add-recipient"
            disabled={type === undefined}
          >
            {f.addRecipient}
          </Button>
          <Form.ErrorList errors={errors} />
        </fieldset>
      )}
    </Form.List>
  );
}
