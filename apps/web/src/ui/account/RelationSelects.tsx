import type { UserRelationsResponse } from '@jejak/contract';
import { Form, Select } from 'antd';
import { useStrings } from '../../i18n/strings.ts';

interface RelationSelectsProps {
  relations: UserRelationsResponse | undefined;
  loading: boolean;
  /** Configure User has its own single Vehicle Group picker. */
  vehicleGroups: boolean;
}

/** The optional multi-selects of a fleet owner's forms: Vehicle Groups, Geofence Templates, Rule Templates. */
export function RelationSelects({ relations, loading, vehicleGroups }: RelationSelectsProps) {
  const f = useStrings().userForm;
  const fields = [
    {
      name: 'vgids',
      label: f.vehicleGroups,
      shown: vehicleGroups,
      options: relations?.vehicleGroups.map((g) => ({ value: g.vgid, label: g.groupName })),
    },
    {
      name: 'gtids',
      label: f.geofenceTemplates,
      shown: true,
      options: relations?.geofenceTemplates.map((t) => ({ value: t.id, label: t.templateName })),
    },
    {
      name: 'rtids',
      label: f.ruleTemplates,
      shown: true,
      options: relations?.ruleTemplates.map((t) => ({ value: t.id, label: t.templateName })),
    },
  ];
  return fields
    .filter((field) => field.shown)
    .map((field) => (
      <Form.Item key={field.name} label={field.label} name={field.name}>
        <Select
          id={field.name}
          mode="multiple"
          allowClear
          loading={loading}
          placeholder={f.optional}
          optionFilterProp="label"
          options={field.options}
        />
      </Form.Item>
    ));
}
