import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RULE_OPERATOR_LABELS, RULE_PARAMETER_NAMES, RULE_PARAMETERS, type RuleParameter } from '@jejak/contract';
import { Button, Form, Select, type FormInstance } from 'antd';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { ConditionValue, type GeofenceOption } from './ConditionValue.tsx';
import { withParameter, type RuleFormValues } from './rule-form.ts';

interface ConditionListProps {
  form: FormInstance<RuleFormValues>;
  geofences: readonly GeofenceOption[];
  /** DEFAULT on the edit form (spec 2 §4): shown, not changed. */
  disabled: boolean;
  /** DEFAULT holds one condition: no adding. */
  single: boolean;
}

/** The conditions of a rule: parameter, then its operators, then its value control (spec 2 §9). */
export function ConditionList({ form, geofences, disabled, single }: ConditionListProps) {
  const r = useStrings().rules;
  const spec = useSpecText();
  const f = r.ruleForm;
  return (
    <Form.List name="conditions">
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="rule-conditions" data-testid="rule-conditions">
          <legend>{f.conditions}</legend>
          {fields.map((field, index) => (
            <Form.Item key={field.key} noStyle shouldUpdate>
              {() => {
                const parameter = form.getFieldValue(['conditions', field.name, 'parameter']) as
                  RuleParameter | undefined;
                const operators = parameter ? RULE_PARAMETERS[parameter].operators : [];
                return (
                  <div className="rule-condition" data-testid={`condition-${index}`}>
                    <Form.Item
                      name={[field.name, 'parameter']}
                      label={f.parameter}
                      htmlFor={`condition-${index}-parameter`}
                    >
                      <Select<RuleParameter>
                        id={`condition-${index}-parameter`}
                        disabled={disabled}
                        options={RULE_PARAMETER_NAMES.map((p) => ({ value: p, label: r.parameters[p] }))}
                        onChange={(p) => form.setFieldValue(['conditions', field.name], withParameter(p))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'operator']}
                      label={f.operator}
                      htmlFor={`condition-${index}-operator`}
                    >
                      <Select
                        id={`condition-${index}-operator`}
                        disabled={disabled || !parameter}
                        options={operators.map((o) => ({ value: o, label: spec(RULE_OPERATOR_LABELS[o]) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} label={f.value} htmlFor={`condition-${index}-value`}>
                      <ConditionValue
                        id={`condition-${index}-value`}
                        parameter={parameter}
                        geofences={geofences}
                        disabled={disabled}
                      />
                    </Form.Item>
                    <Button
                      className="rule-condition-remove"
                      aria-label={f.removeCondition}
                      icon={<DeleteOutlined />}
                      disabled={disabled}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                );
              }}
            </Form.Item>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={disabled || (single && fields.length >= 1)}
            onClick={() => add({})}
            data-testid="add-condition"
          >
            {f.addCondition}
          </Button>
          <Form.ErrorList errors={errors} />
        </fieldset>
      )}
    </Form.List>
  );
}
