import { DatePicker, Form, InputNumber, Typography } from 'antd';
import { Link } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';
import { DATE_FORMAT } from '../../ui/fleet/fleet-dates.ts';

function Count({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item label={label} name={name}>
      <InputNumber id={name} min={0} />
    </Form.Item>
  );
}

function Day({ name, label, disabled = false }: { name: string; label: string; disabled?: boolean }) {
  return (
    <Form.Item label={label} name={name}>
      <DatePicker id={name} format={DATE_FORMAT} disabled={disabled} />
    </Form.Item>
  );
}

/**
 * The 4 services' next mileage / working hour / due dates, the permit and the subscription (spec 2 §3).
 * A vehicle's subscription dates are its package's once it exists (ADR 0040): on edit they are shown,
 * not changed here, with the way to Vehicle Subscription.
 */
export function ServiceFields({ subscriptionFixed }: { subscriptionFixed: boolean }) {
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
        <Day key="s" name="subsStartDate" label={f.subsStartDate} disabled={subscriptionFixed} />,
        <Day key="e" name="subsEndDate" label={f.subsEndDate} disabled={subscriptionFixed} />,
      ],
      note: subscriptionFixed && (
        <Typography.Text type="secondary" data-testid="subscription-note">
          {f.subscriptionFixed} <Link to="/VehicleSubscription">{f.vehicleSubscription}</Link>
        </Typography.Text>
      ),
    },
  ];
  return groups.map((group) => (
    <fieldset key={group.title} className="fleet-fieldset">
      <legend>{group.title}</legend>
      <div className="fleet-form-grid">{group.fields}</div>
      {'note' in group && group.note}
    </fieldset>
  ));
}
