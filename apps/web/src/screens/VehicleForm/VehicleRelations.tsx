import { Form, Select, Tag } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { mergedRelations, relationChoices, type Named } from './vehicle-choices.ts';
import type { VehicleFormData } from './use-vehicle-data.ts';

function WillApply({ testId, items }: { testId: string; items: Named[] }) {
  const f = useStrings().fleetForms;
  return (
    <div className="fleet-will-apply" data-testid={testId}>
      <span>{f.willApply}: </span>
      {items.map((item) => (
        <Tag key={item.id}>{item.name}</Tag>
      ))}
    </div>
  );
}

/**
 * The target user's vehicle groups, geofence templates and rule templates to choose, each with
 * what will apply once merged with the built-in ones (spec 2 §5).
 */
export function VehicleRelations({ data }: { data: VehicleFormData }) {
  const f = useStrings().fleetForms;
  const form = Form.useFormInstance();
  const chosen = {
    vgids: (Form.useWatch('vgids', form) ?? []) as string[],
    gtids: (Form.useWatch('gtids', form) ?? []) as string[],
    rtids: (Form.useWatch('rtids', form) ?? []) as string[],
  };
  const choices = relationChoices(data.target);
  const merged = mergedRelations({
    chosen,
    target: data.target,
    targetName: data.targetName,
    distributor: data.distributor,
  });
  const fields = [
    { name: 'vgids', label: f.vehicleGroups, options: choices.vehicleGroups, applies: merged.vehicleGroups },
    {
      name: 'gtids',
      label: f.geofenceTemplates,
      options: choices.geofenceTemplates,
      applies: merged.geofenceTemplates,
    },
    { name: 'rtids', label: f.ruleTemplates, options: choices.ruleTemplates, applies: merged.ruleTemplates },
  ];
  return (
    <div className="fleet-form-grid">
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          label={field.label}
          name={field.name}
          extra={<WillApply testId={`${field.name}-apply`} items={field.applies} />}
        >
          <Select
            id={field.name}
            mode="multiple"
            allowClear
            loading={data.targetLoading}
            placeholder={f.optional}
            optionFilterProp="label"
            options={field.options.map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
      ))}
    </div>
  );
}
