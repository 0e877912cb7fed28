import { DownloadOutlined } from '@ant-design/icons';
import { REPORT_KIND_LABELS, REPORT_KINDS, vehicleReportName, type ReportKind } from '@jejak/contract';
import { Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import type { FleetVehicles } from '../../ui/alerts/use-fleet-vehicles.ts';
import { fromPickerValue, toPickerValue } from '../../ui/dates.ts';
import type { ReportForm } from './report-options.ts';

/** Date-times of Vehicle Report (spec 3 §9). */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const KIND_OPTIONS = REPORT_KINDS.map((kind) => ({ value: kind, label: REPORT_KIND_LABELS[kind] }));

interface ReportFormBarProps {
  vehicles: FleetVehicles;
  form: ReportForm;
  onChange: (form: ReportForm) => void;
  loading: boolean;
  exporting: boolean;
  onSubmit: () => void;
  onExport: () => void;
}

/**
 * Vehicle Report's choices (spec 3 §2): vehicles (several, searched by plate or name), start,
 * end, the report type, Submit and Export (both need a vehicle). They wrap on narrow screens.
 */
export function ReportFormBar({
  vehicles,
  form,
  onChange,
  loading,
  exporting,
  onSubmit,
  onExport,
}: ReportFormBarProps) {
  const s = useStrings().reports;
  const options = useMemo(
    () => vehicles.sorted.map((v) => ({ value: v.vid, label: vehicleReportName(v) })),
    [vehicles.sorted],
  );
  const pick = (value: Dayjs | null, edge: 'startMs' | 'endMs') => {
    if (value) onChange({ ...form, [edge]: fromPickerValue(value) });
  };
  const none = form.vids.length === 0;
  return (
    <div className="vehicle-report-bar">
      <label className="vehicle-report-field vehicle-report-vehicles">
        <span>{s.vehicles}</span>
        <Select
          id="report-vehicles"
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={s.vehiclesPlaceholder}
          loading={vehicles.loading}
          options={options}
          value={form.vids}
          onChange={(vids: string[]) => onChange({ ...form, vids })}
        />
      </label>
      <label className="vehicle-report-field">
        <span>{s.start}</span>
        <DatePicker
          id="report-start"
          showTime
          allowClear={false}
          format={PICKER_FORMAT}
          value={toPickerValue(form.startMs)}
          onChange={(v) => pick(v, 'startMs')}
        />
      </label>
      <label className="vehicle-report-field">
        <span>{s.end}</span>
        <DatePicker
          id="report-end"
          showTime
          allowClear={false}
          format={PICKER_FORMAT}
          value={toPickerValue(form.endMs)}
          onChange={(v) => pick(v, 'endMs')}
        />
      </label>
      <label className="vehicle-report-field vehicle-report-kind">
        <span>{s.kind}</span>
        <Select
          id="report-kind"
          options={KIND_OPTIONS}
          // Fourteen kinds: all in the list at once (a virtual list leaves far ones unrendered).
          virtual={false}
          listHeight={420}
          value={form.kind}
          onChange={(kind: ReportKind) => onChange({ ...form, kind })}
        />
      </label>
      <div className="vehicle-report-actions">
        <Button type="primary" disabled={none} loading={loading} onClick={onSubmit} data-testid="report-submit">
          {s.submit}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          disabled={none}
          loading={exporting}
          onClick={onExport}
          data-testid="report-export"
        >
          {s.export}
        </Button>
      </div>
    </div>
  );
}
