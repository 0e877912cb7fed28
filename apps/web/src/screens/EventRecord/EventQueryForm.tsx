import { Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import type { FleetVehicles } from '../../ui/alerts/use-fleet-vehicles.ts';
import { fromPickerValue, toPickerValue } from '../../ui/dates.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';
import type { EventQuery } from './use-event-record.ts';

/** Date-times of the record forms (spec 1 §2, §9). */
const PICKER_FORMAT = 'YYYY/MM/DD HH:mm:ss';

interface EventQueryFormProps {
  vehicles: FleetVehicles;
  loading: boolean;
  onSubmit: (query: EventQuery) => void;
}

/**
 * The record form (spec 1 §2): a vehicle (by display name, case-insensitive, as 'name - vid'),
 * start and end (default: today), Submit only once all three are set.
 */
export function EventQueryForm({ vehicles, loading, onSubmit }: EventQueryFormProps) {
  const s = useStrings().alerts.eventRecord;
  const [vid, setVid] = useState<string | null>(null);
  const [start, setStart] = useState<Dayjs | null>(() => toPickerValue(todayWindow(Date.now()).startMs));
  const [end, setEnd] = useState<Dayjs | null>(() => toPickerValue(todayWindow(Date.now()).endMs));
  const options = useMemo(
    () => vehicles.sorted.map((v) => ({ value: v.vid, label: `${v.vehicleDisplayName} - ${v.vid}` })),
    [vehicles.sorted],
  );
  const ready = vid !== null && start !== null && end !== null;

  return (
    <Form
      layout="vertical"
      className="event-query-form"
      onFinish={() => {
        if (vid !== null && start !== null && end !== null) {
          onSubmit({ vid, startMs: fromPickerValue(start), endMs: fromPickerValue(end) });
        }
      }}
    >
      <Form.Item label={s.vehicle} htmlFor="event-vehicle">
        <Select
          id="event-vehicle"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={s.vehiclePlaceholder}
          options={options}
          value={vid}
          onChange={setVid}
          loading={vehicles.loading}
        />
      </Form.Item>
      <div className="event-query-times">
        <Form.Item label={s.start} htmlFor="event-start">
          <DatePicker id="event-start" showTime format={PICKER_FORMAT} value={start} onChange={setStart} />
        </Form.Item>
        <Form.Item label={s.end} htmlFor="event-end">
          <DatePicker id="event-end" showTime format={PICKER_FORMAT} value={end} onChange={setEnd} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" disabled={!ready} loading={loading} data-testid="event-submit">
        {s.submit}
      </Button>
    </Form>
  );
}
