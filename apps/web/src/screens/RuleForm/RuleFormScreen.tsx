import {
  ALERT_TEXTS,
  DEFAULT_RULE_TYPE,
  MANAGEMENT_TEXTS,
  RULE_TYPES,
  defaultRuleNames,
  type Rule,
  type RuleTemplate,
} from '@jejak/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Form, Input, Select } from 'antd';
import { useLocation, useParams } from 'react-router';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { addRule, ruleTemplateKeys, updateRule, useRuleTemplates } from '../../api/alerts/rules.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { useGoBack } from '../../ui/go-back.ts';
import { NotChosenCard } from '../../ui/forms/NamedSetForm.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import { ConditionList } from './ConditionList.tsx';
import {
  findRule,
  isDefaultTemplate,
  RULE_FIELD_ERRORS,
  ruidCandidates,
  ruleFields,
  ruleFormProblem,
  ruleToValues,
  stateRule,
  trimForDefault,
  type ConditionDraft,
  type RuleFormValues,
} from './rule-form.ts';
import './rule-form.css';

/** The rule an edit route names: the fresh copy from the templates, else the one in the state. */
function useEditedRule(templates: readonly RuleTemplate[] | undefined): Rule | undefined {
  const { ruid } = useParams();
  const location = useLocation();
  const ids = ruidCandidates(ruid, location.hash);
  const fromState = stateRule(location.state);
  return findRule(templates ?? [], ids) ?? (fromState && ids.includes(fromState.ruid) ? fromState : undefined);
}

/**
 * Add and Edit Rule (spec 2 §2, §4, §5): name, type, template, complied and violated names and
 * the conditions. DEFAULT cannot take new rules; a rule moved into it keeps one condition.
 */
export function RuleFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  const me = useSessionUser();
  const strings = useStrings();
  const r = strings.rules;
  const reasons = strings.onboarding.reasons;
  const f = r.ruleForm;
  const queryClient = useQueryClient();
  const goBack = useGoBack('/Management/Rule');
  const templates = useRuleTemplates(me.uid);
  const geofences = useQuery({ queryKey: geofencesQueryKey(me.uid), queryFn: () => fetchGeofences(me.uid) });
  const rule = useEditedRule(templates.data);
  const [form] = Form.useForm<RuleFormValues>();
  const errors = useFieldErrors(form, RULE_FIELD_ERRORS);
  const rtid = Form.useWatch('rtid', form);
  const ruleName = Form.useWatch('ruleName', form) ?? '';
  const chosen = templates.data?.find((t) => t.rtid === rtid);
  const inDefault = isDefaultTemplate(chosen);

  const save = useMutation({
    mutationFn: async (values: RuleFormValues) => {
      const fields = ruleFields(me.uid, values);
      const target = values.rtid ?? '';
      if (mode === 'edit' && rule) {
        await updateRule({ rule: { ...fields, ruid: rule.ruid, rtid: target } });
        showToast('success', ALERT_TEXTS.ruleEdited);
      } else {
        await addRule({ rtid: target, rule: fields });
        showToast('success', ALERT_TEXTS.ruleAdded);
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ruleTemplateKeys.all });
      goBack();
    },
    onError: (error) => errors.fail(serverTextOr(error, MANAGEMENT_TEXTS.somethingWrong)),
  });

  const submit = (values: RuleFormValues) => {
    const problem = ruleFormProblem(me.uid, values);
    if (problem) return errors.fail(problem);
    save.mutate(values);
  };

  const onTemplate = (next: string) => {
    const template = templates.data?.find((t) => t.rtid === next);
    if (isDefaultTemplate(template)) {
      const conditions: ConditionDraft[] = (form.getFieldValue('conditions') as ConditionDraft[] | undefined) ?? [];
      form.setFieldValue('conditions', trimForDefault(conditions));
    }
  };

  const title = mode === 'add' ? f.addTitle : f.editTitle;
  if (templates.isPending) return <NotChosenCard title={title} text="" loading />;
  if (mode === 'edit' && !rule) return <NotChosenCard title={title} text={f.notChosen} loading={false} />;
  const builtIn = rule?.builtIn ?? false;
  const initialValues: RuleFormValues = rule ? ruleToValues(rule) : { ruleType: DEFAULT_RULE_TYPE, conditions: [{}] };
  const names = defaultRuleNames(ruleName.trim());
  const geofenceOptions = (geofences.data?.geofences ?? [])
    .map((g) => ({ value: g.geoid, label: g.geofenceName }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <div className="screen-padded">
      <Card className="form-card rule-form-card" title={title} data-testid="rule-form">
        {builtIn && <Alert className="rule-form-note" type="info" showIcon title={f.builtIn} />}
        <Form<RuleFormValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={errors.onValuesChange}
          disabled={builtIn}
        >
          <div className="rule-form-grid">
            <Form.Item label={f.ruleName} name="ruleName" required>
              <Input id="ruleName" maxLength={120} />
            </Form.Item>
            <Form.Item label={f.ruleType} name="ruleType" required>
              <Select id="ruleType" options={RULE_TYPES.map((t) => ({ value: t, label: r.ruleTypes[t] }))} />
            </Form.Item>
            <Form.Item label={f.template} name="rtid" required>
              <Select
                id="rtid"
                showSearch={{ optionFilterProp: 'label' }}
                onChange={onTemplate}
                options={(templates.data ?? []).map((t) => ({
                  value: t.rtid,
                  label: t.templateName,
                  // Rules cannot be added to DEFAULT (spec 2 §4).
                  disabled: mode === 'add' && isDefaultTemplate(t),
                  // The greyed DEFAULT says why (issue 26 item 4).
                  title: mode === 'add' && isDefaultTemplate(t) ? reasons.defaultTemplate : undefined,
                }))}
              />
            </Form.Item>
            <Form.Item label={f.compliedName} name="ruleCompliedName">
              <Input id="ruleCompliedName" maxLength={120} placeholder={names.complied} />
            </Form.Item>
            <Form.Item label={f.violatedName} name="ruleViolatedName">
              <Input id="ruleViolatedName" maxLength={120} placeholder={names.violated} />
            </Form.Item>
          </div>
          {inDefault && <Alert className="rule-form-note" type="info" showIcon title={f.defaultOnly} />}
          <ConditionList form={form} geofences={geofenceOptions} disabled={builtIn || inDefault} single={inDefault} />
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
