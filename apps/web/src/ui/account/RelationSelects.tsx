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
  const strings = useStrings();
  const f = strings.userForm;
  const common = {
    mode: 'multiple' as const,
    allowClear: true,
    loading,
    placeholder: f.optional,
    optionFilterProp: 'label',
  };
  return (
    <>
      {vehicleGroups && (
        <Form.Item label={f.vehicleGroups} name="vgids">
          <Select
            {...common}
            id="vgids"
            options={relations?.vehicleGroups.map((g) => ({ value: g.vgid, label: g.groupName }))}
          />
        </Form.Item>
      )}
      <Form.Item label={f.geofenceTemplates} name="gtids">
        <Select
          {...common}
          id="gtids"
          options={relations?.geofenceTemplates.map((t) => ({ value: t.id, label: t.templateName }))}
        />
      </Form.Item>
      <Form.Item label={f.ruleTemplates} name="rtids">
        <Select
          {...common}
          id="rtids"
          options={relations?.ruleTemplates.map((t) => ({ value: t.id, label: t.templateName }))}
        />
      </Form.Item>
    </>
  );
}
