import { Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import type { FleetVehicles } from '../alerts/use-fleet-vehicles.ts';
import { todayWindow } from '../alerts/today-window.ts';
import { fromPickerValue, toPickerValue } from '../dates.ts';
import './record-query-form.css';

/** Date-times of the record forms (spec 1 §2, §9). */
const PICKER_FORMAT = 'YYYY/MM/DD HH:mm:ss';

/** One vehicle's window, as the record forms submit it. */
export interface RecordQuery {
  vid: string;
  startMs: number;
  endMs: number;
}

interface RecordQueryFormProps {
  vehicles: FleetVehicles;
  loading: boolean;
  onSubmit: (query: RecordQuery) => void;
  /** Prefix of the fields' ids ('event' gives #event-vehicle, #event-start, #event-end). */
  idPrefix: string;
  /** Values to start from (a link that opens the screen); otherwise no vehicle, today. */
  initial?: Partial<RecordQuery> | undefined;
}

/**
 * The record form of Event Record and Trip Record (spec 1 §2): a vehicle (by display name,
 * case-insensitive, as 'name - vid'), start and end (default: today), Submit only once all three
 * are set.
 */
export function RecordQueryForm({ vehicles, loading, onSubmit, idPrefix, initial }: RecordQueryFormProps) {
  const s = useStrings().alerts.eventRecord;
  const [vid, setVid] = useState<string | null>(initial?.vid ?? null);
  const [start, setStart] = useState<Dayjs | null>(() =>
    toPickerValue(initial?.startMs ?? todayWindow(Date.now()).startMs),
  );
  const [end, setEnd] = useState<Dayjs | null>(() => toPickerValue(initial?.endMs ?? todayWindow(Date.now()).endMs));
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
      <Form.Item label={s.vehicle} htmlFor={`${idPrefix}-vehicle`}>
        <Select
          id={`${idPrefix}-vehicle`}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={s.vehiclePlaceholder}
          options={options}
          value={vid}
          onChange={setVid}
          loading={vehicles.loading}
        />
      </Form.Item>
      <div className="event-query-times">
        <Form.Item label={s.start} htmlFor={`${idPrefix}-start`}>
          <DatePicker id={`${idPrefix}-start`} showTime format={PICKER_FORMAT} value={start} onChange={setStart} />
        </Form.Item>
        <Form.Item label={s.end} htmlFor={`${idPrefix}-end`}>
          <DatePicker id={`${idPrefix}-end`} showTime format={PICKER_FORMAT} value={end} onChange={setEnd} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" disabled={!ready} loading={loading} data-testid={`${idPrefix}-submit`}>
        {s.submit}
      </Button>
    </Form>
  );
}
