import { ALERT_TEXTS } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input } from 'antd';
import { useParams } from 'react-router';
import { serverTextOr } from '../../api/error-text.ts';
import { addRuleTemplate, renameRuleTemplate, ruleTemplateKeys, useRuleTemplates } from '../../api/alerts/rules.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { useGoBack } from '../../ui/go-back.ts';
import { NotChosenCard } from '../../ui/forms/NamedSetForm.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';

interface TemplateValues {
  templateName?: string;
}

const FIELD_ERRORS = [
  [
    [ALERT_TEXTS.ruleTemplateNameEmpty, ALERT_TEXTS.ruleTemplateNameTaken, ALERT_TEXTS.defaultTemplateReadOnly],
    'templateName',
  ],
] as const;

/** Add and Edit Rule Template (spec 2 §2, §5): a non-empty name; DEFAULT cannot be renamed. */
export function RuleTemplateFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  const me = useSessionUser();
  const f = useStrings().rules.templateForm;
  const { rtid } = useParams();
  const queryClient = useQueryClient();
  const goBack = useGoBack('/Management/Rule');
  const templates = useRuleTemplates(me.uid);
  const template = templates.data?.find((t) => t.rtid === rtid);
  const [form] = Form.useForm<TemplateValues>();
  const errors = useFieldErrors(form, FIELD_ERRORS);

  const save = useMutation({
    mutationFn: async (name: string) => {
      if (mode === 'edit' && template) {
        await renameRuleTemplate(me.uid, template.rtid, name);
        showToast('success', ALERT_TEXTS.ruleTemplateEdited);
      } else {
        await addRuleTemplate(me.uid, name);
        showToast('success', ALERT_TEXTS.ruleTemplateAdded);
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ruleTemplateKeys.all });
      goBack();
    },
    onError: (error) => errors.fail(serverTextOr(error, ALERT_TEXTS.ruleTemplateUpdateError)),
  });

  const submit = (values: TemplateValues) => {
    const name = values.templateName?.trim() ?? '';
    if (!name) return errors.fail(ALERT_TEXTS.ruleTemplateNameEmpty);
    save.mutate(name);
  };

  const title = mode === 'add' ? f.addTitle : f.editTitle;
  if (mode === 'edit' && templates.isPending) return <NotChosenCard title={title} text="" loading />;
  if (mode === 'edit' && !template) return <NotChosenCard title={title} text={f.notChosen} loading={false} />;
  return (
    <div className="screen-padded">
      <Card className="form-card" title={title} data-testid="rule-template-form">
        <Form<TemplateValues>
          form={form}
          layout="vertical"
          onValuesChange={errors.onValuesChange}
          initialValues={{ templateName: template?.templateName ?? '' }}
          onFinish={submit}
        >
          <Form.Item label={f.name} name="templateName" required>
            <Input id="templateName" maxLength={120} />
          </Form.Item>
          <FormButtons
            cancel={f.cancel}
            submit={mode === 'add' ? f.add : f.edit}
            onCancel={goBack}
            busy={save.isPending}
          />
        </Form>
      </Card>
    </div>
  );
}
