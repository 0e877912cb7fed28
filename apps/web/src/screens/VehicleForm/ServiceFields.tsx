import { DatePicker, Form, InputNumber } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { DATE_FORMAT } from '../../ui/fleet/fleet-dates.ts';

function Count({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item label={label} name={name}>
      <InputNumber id={name} min={0} />
    </Form.Item>
  );
}

function Day({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item label={label} name={name}>
      <DatePicker id={name} format={DATE_FORMAT} />
    </Form.Item>
  );
}

/** The 4 services' next mileage / working hour / due dates, the permit and the subscription (spec 2 §3). */
export function ServiceFields() {
  const f = useStrings().fleetForms;
  const groups = [
    {
      title: f.engineService,
      fields: [
        <Count key="m" name="engineServiceNextMileage" label={f.nextMileage} />,
        <Count key="h" name="engineServiceNextWorkingHour" label={f.nextWorkingHour} />,
        <Day key="d" name="engineServiceDueDate" label={f.dueDate} />,
      ],
    },
    {
      title: f.transmissionService,
      fields: [
        <Count key="m" name="transmissionServiceNextMileage" label={f.nextMileage} />,
        <Day key="d" name="transmissionServiceDueDate" label={f.dueDate} />,
      ],
    },
    {
      title: f.rearAxleService,
      fields: [
        <Count key="m" name="rearAxleServiceNextMileage" label={f.nextMileage} />,
        <Day key="d" name="rearAxleServiceDueDate" label={f.dueDate} />,
      ],
    },
    {
      title: f.generalService,
      fields: [
        <Count key="m" name="serviceNextMileage" label={f.nextMileage} />,
        <Day key="d" name="serviceDueDate" label={f.dueDate} />,
      ],
    },
    { title: f.permitDueDate, fields: [<Day key="d" name="permitDueDate" label={f.dueDate} />] },
    {
      title: f.subscription,
      fields: [
        <Day key="s" name="subsStartDate" label={f.subsStartDate} />,
        <Day key="e" name="subsEndDate" label={f.subsEndDate} />,
      ],
    },
  ];
  return groups.map((group) => (
    <fieldset key={group.title} className="fleet-fieldset">
      <legend>{group.title}</legend>
      <div className="fleet-form-grid">{group.fields}</div>
    </fieldset>
  ));
}
