import { DatePicker } from 'antd';
import { fromPickerValue, toPickerValue } from '../dates.ts';

/** How spec 3's screens show a date-time (spec 3 §9). */
export const REPORT_PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface DateTimeFieldProps {
  id: string;
  label: string;
  className: string;
  valueMs: number | null;
  onChange: (ms: number | null) => void;
  /** Whether the field may be emptied (Fuel Analysis checks for it on Submit). */
  clearable?: boolean;
}

/** A labelled date-time picker of the report screens, in epoch ms. */
export function DateTimeField({ id, label, className, valueMs, onChange, clearable = false }: DateTimeFieldProps) {
  return (
    <label className={className}>
      <span>{label}</span>
      <DatePicker
        id={id}
        showTime
        allowClear={clearable}
        format={REPORT_PICKER_FORMAT}
        value={valueMs === null ? null : toPickerValue(valueMs)}
        onChange={(v) => onChange(v ? fromPickerValue(v) : null)}
      />
    </label>
  );
}
