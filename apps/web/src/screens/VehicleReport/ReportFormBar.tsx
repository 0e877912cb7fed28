import { DownloadOutlined } from '@ant-design/icons';
import {
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  vehicleReportName,
  type ReportFileFormat,
  type ReportKind,
} from '@jejak/contract';
import { Button, Select } from 'antd';
import { useMemo } from 'react';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import type { FleetVehicles } from '../../ui/alerts/use-fleet-vehicles.ts';
import { DateTimeField } from '../../ui/forms/DateTimeField.tsx';
import type { ReportForm } from './report-options.ts';

/** Date-times of Vehicle Report (spec 3 §9). */

interface ReportFormBarProps {
  vehicles: FleetVehicles;
  form: ReportForm;
  onChange: (form: ReportForm) => void;
  loading: boolean;
  exporting: boolean;
  onSubmit: () => void;
  onExport: (format: ReportFileFormat) => void;
}

/**
 * Vehicle Report's choices (spec 3 §2): vehicles (several, searched by plate or name), start,
 * end, the report type, Submit and Export as .xlsx or CSV (all need a vehicle). They wrap on
 * narrow screens.
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
  const spec = useSpecText();
  const options = useMemo(
    () => vehicles.sorted.map((v) => ({ value: v.vid, label: vehicleReportName(v) })),
    [vehicles.sorted],
  );
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
      <DateTimeField
        id="report-start"
        label={s.start}
        className="vehicle-report-field"
        valueMs={form.startMs}
        onChange={(ms) => ms !== null && onChange({ ...form, startMs: ms })}
      />
      <DateTimeField
        id="report-end"
        label={s.end}
        className="vehicle-report-field"
        valueMs={form.endMs}
        onChange={(ms) => ms !== null && onChange({ ...form, endMs: ms })}
      />
      <label className="vehicle-report-field vehicle-report-kind">
        <span>{s.kind}</span>
        <Select
          id="report-kind"
          options={REPORT_KINDS.map((kind) => ({ value: kind, label: spec(REPORT_KIND_LABELS[kind]) }))}
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
          onClick={() => onExport('xlsx')}
          data-testid="report-export"
        >
          {s.export}
        </Button>
        <Button
          disabled={none}
          loading={exporting}
          onClick={() => onExport('csv')}
          title={s.exportCsvTitle}
          aria-label={s.exportCsvTitle}
          data-testid="report-export-csv"
        >
          {s.exportCsv}
        </Button>
      </div>
    </div>
  );
}
