import {
  MANAGEMENT_TEXTS,
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
  type RuleTemplate,
} from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Checkbox, Form, Input, Select, Tree, Typography } from 'antd';
import { useState, type Key } from 'react';
import { serverTextOr } from '../../api/error-text.ts';
import type { UserGeofences } from '../../api/geofences/geofences.ts';
import { addNotification, notificationKeys, updateNotification } from '../../api/alerts/notifications.ts';
import { useSessionUser } from '../../store/session.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { useGoBack } from '../../ui/go-back.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import {
  EMPTY_RECIPIENTS,
  keypadApplies,
  NOTIFICATION_FIELD_ERRORS,
  notificationFormProblem,
  notificationToValues,
  recipientsToSend,
  type NotificationFormValues,
} from './notification-form.ts';
import {
  geofencesFromKeys,
  geofenceTree,
  keysFromGeofences,
  keysFromRules,
  ruleTree,
  rulesFromKeys,
} from './notification-trees.ts';
import { RecipientList } from './RecipientList.tsx';

interface NotificationEditorProps {
  title: string;
  mode: 'add' | 'edit';
  notification: Notification | undefined;
  templates: readonly RuleTemplate[];
  geofences: UserGeofences;
}

const TYPE_ORDER: readonly NotificationType[] = [
  NOTIFICATION_TYPES.PUSH,
  NOTIFICATION_TYPES.EMAIL,
  NOTIFICATION_TYPES.SMS,
  NOTIFICATION_TYPES.CALL,
];

/** Only leaves mean something; the tree reports parents as checked too. */
const leaves = (keys: readonly Key[]) => keys.map(String).filter((k) => /^\["[cvg]"/.test(k));

export function NotificationEditor({ title, mode, notification, templates, geofences }: NotificationEditorProps) {
  const me = useSessionUser();
  const f = useStrings().rules.notificationForm;
  const spec = useSpecText();
  const queryClient = useQueryClient();
  const goBack = useGoBack('/Management/Notification');
  const [form] = Form.useForm<NotificationFormValues>();
  const errors = useFieldErrors(form, NOTIFICATION_FIELD_ERRORS);
  const [ruleKeys, setRuleKeys] = useState<string[]>(() => keysFromRules(notification?.rules ?? {}));
  const [geoKeys, setGeoKeys] = useState<string[]>(() => keysFromGeofences(notification?.geofences ?? {}));
  const type = Form.useWatch('serviceType', form);
  const keypadOn = Form.useWatch('isKeypadEnabled', form) === true && type === NOTIFICATION_TYPES.CALL;

  const save = useMutation({
    mutationFn: async (values: NotificationFormValues) => {
      const fields = {
        createdBy: notification?.createdBy ?? me.uid,
        notificationName: values.notificationName?.trim() ?? '',
        serviceType: values.serviceType ?? NOTIFICATION_TYPES.EMAIL,
        rules: rulesFromKeys(ruleKeys),
        geofences: geofencesFromKeys(geoKeys),
        recipient: recipientsToSend(values),
        isKeypadEnabled: keypadApplies(values),
      };
      if (mode === 'edit' && notification) {
        await updateNotification({ notification: { ...fields, nfid: notification.nfid } });
        showToast('success', NOTIFICATION_TEXTS.notificationEdited);
      } else {
        await addNotification({ notification: fields });
        showToast('success', NOTIFICATION_TEXTS.notificationAdded);
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      goBack();
    },
    onError: (error) => errors.fail(serverTextOr(error, MANAGEMENT_TEXTS.somethingWrong)),
  });

  const submit = (values: NotificationFormValues) => {
    const problem = notificationFormProblem(values, rulesFromKeys(ruleKeys));
    if (problem) return errors.fail(problem);
    save.mutate(values);
  };

  const rulesData = ruleTree(templates, { complied: f.complied, violated: f.violated });
  const geoData = geofenceTree(geofences.templates, geofences.geofences);
  const initialValues: NotificationFormValues = notification
    ? notificationToValues(notification)
    : { isKeypadEnabled: false, recipient: [...EMPTY_RECIPIENTS] };

  return (
    <div className="screen-padded">
      <Card className="form-card notification-form-card" title={title} data-testid="notification-form">
        <Form<NotificationFormValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={(changed: NotificationFormValues) => {
            errors.onValuesChange(changed);
            // A new type needs other recipient fields: start again from one empty entry (spec 2 §4).
            if ('serviceType' in changed) form.setFieldValue('recipient', [...EMPTY_RECIPIENTS]);
          }}
        >
          <div className="notification-form-grid">
            <Form.Item label={f.name} name="notificationName" required>
              <Input id="notificationName" maxLength={120} />
            </Form.Item>
            <Form.Item label={f.type} name="serviceType" required>
              <Select<NotificationType>
                id="serviceType"
                options={TYPE_ORDER.map((t) => ({ value: t, label: spec(NOTIFICATION_TYPE_LABELS[t]) }))}
              />
            </Form.Item>
          </div>
          <Form.Item name="isKeypadEnabled" valuePropName="checked">
            <Checkbox id="isKeypadEnabled" disabled={type !== NOTIFICATION_TYPES.CALL}>
              {f.keypad}
            </Checkbox>
          </Form.Item>
          <div className="notification-trees">
            <fieldset className="notification-fieldset" data-testid="rule-tree">
              <legend>{f.ruleEngine}</legend>
              {rulesData.length === 0 ? (
                <Typography.Text type="secondary">{f.noRules}</Typography.Text>
              ) : (
                <Tree
                  checkable
                  selectable={false}
                  treeData={rulesData}
                  checkedKeys={ruleKeys}
                  onCheck={(checked) => setRuleKeys(leaves(Array.isArray(checked) ? checked : checked.checked))}
                />
              )}
            </fieldset>
            <fieldset className="notification-fieldset" data-testid="geofence-tree">
              <legend>{f.geofences}</legend>
              {geoData.length === 0 ? (
                <Typography.Text type="secondary">{f.noGeofences}</Typography.Text>
              ) : (
                <Tree
                  checkable
                  selectable={false}
                  treeData={geoData}
                  checkedKeys={geoKeys}
                  onCheck={(checked) => setGeoKeys(leaves(Array.isArray(checked) ? checked : checked.checked))}
                />
              )}
            </fieldset>
          </div>
          <RecipientList form={form} type={type} keypad={keypadOn} />
          <FormButtons cancel={f.cancel} submit={f.save} onCancel={goBack} busy={save.isPending} />
        </Form>
      </Card>
    </div>
  );
}
