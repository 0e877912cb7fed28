import { Alert, Card, Form, Input, Select, type FormInstance } from 'antd';
import { ColorSwatches } from './ColorSwatches.tsx';
import { FormButtons } from './FormButtons.tsx';

export interface NamedSetFormProps<V extends object> {
  testId: string;
  title: string;
  name: { id: string; label: string };
  colour: { id: string; label: string; palette: readonly string[] };
  members: {
    id: string;
    label: string;
    options: { value: string; label: string }[];
    loading: boolean;
    /** Shown as the placeholder, with the select disabled, when there is nothing to choose. */
    noneText: string;
  };
  /** Spec 2 §2 puts the vehicle group's colour before its vehicles, the template's after its geofences. */
  colourFirst: boolean;
  initialValues: V;
  onFinish: (values: V) => void;
  onCancel: () => void;
  busy: boolean;
  labels: { cancel: string; submit: string };
  /** The form, when the screen places errors at its fields (useFieldErrors). */
  form?: FormInstance<V>;
  onValuesChange?: (changed: object) => void;
}

/**
 * A name, a preset colour and an optional multi-select of members, with Cancel and Add/Edit:
 * the shape the vehicle group and geofence template forms share (spec 2 §2).
 */
export function NamedSetForm<V extends object>(p: NamedSetFormProps<V>) {
  const none = !p.members.loading && p.members.options.length === 0;
  const colour = (
    <Form.Item key="colour" label={p.colour.label} name={p.colour.id} required>
      <ColorSwatches id={p.colour.id} palette={p.colour.palette} />
    </Form.Item>
  );
  const members = (
    <Form.Item key="members" label={p.members.label} name={p.members.id}>
      <Select
        id={p.members.id}
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={p.members.loading}
        disabled={none}
        placeholder={none ? p.members.noneText : undefined}
        options={p.members.options}
      />
    </Form.Item>
  );
  return (
    <div className="screen-padded">
      <Card className="form-card" title={p.title} data-testid={p.testId}>
        <Form<V>
          form={p.form}
          layout="vertical"
          initialValues={p.initialValues}
          onFinish={p.onFinish}
          onValuesChange={p.onValuesChange}
        >
          <Form.Item label={p.name.label} name={p.name.id} required>
            <Input id={p.name.id} maxLength={120} />
          </Form.Item>
          {p.colourFirst ? [colour, members] : [members, colour]}
          <FormButtons cancel={p.labels.cancel} submit={p.labels.submit} onCancel={p.onCancel} busy={p.busy} />
        </Form>
      </Card>
    </div>
  );
}

/** The edit form opened without a chosen set (or with one that is gone): say so, not an empty form. */
export function NotChosenCard({ title, text, loading }: { title: string; text: string; loading: boolean }) {
  return (
    <div className="screen-padded">
      <Card className="form-card" title={title} loading={loading}>
        <Alert type="warning" showIcon title={text} />
      </Card>
    </div>
  );
}
