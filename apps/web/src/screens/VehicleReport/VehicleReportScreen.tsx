import { reportTable, VEHICLE_REPORT_TEXTS, type AnyReportRows, type ReportFileFormat } from '@jejak/contract';
import { Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSessionUser } from '../../store/session.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';
import { useFleetVehicles } from '../../ui/alerts/use-fleet-vehicles.ts';
import { consoleTimeZone } from '../../ui/format.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { AdvancedFilters } from './AdvancedFilters.tsx';
import { ExportProgress } from './ExportProgress.tsx';
import { localizeMileage } from './mileage-labels.ts';
import { ReportFormBar } from './ReportFormBar.tsx';
import { ReportResultTable } from './ReportResultTable.tsx';
import { localizeReportTable } from './report-labels.ts';
import {
  DEFAULT_FILTERS,
  devicesOf,
  tableOptions,
  vehicleNames,
  type ReportFilters,
  type ReportForm,
} from './report-options.ts';
import { useReportExport } from './use-report-export.ts';
import { useVehicleReport } from './use-vehicle-report.ts';
import './vehicle-report.css';

/**
 * /VehicleReport (spec 3 §2, §5, §8, §9; issue 13 item 3): vehicles, a window (today by
 * default) and a report type, then Submit or Export. The advanced filters and the estimated
 * fuel inputs recompute the table from the rows at hand; the export carries them to the file.
 */
export function VehicleReportScreen() {
  const strings = useStrings();
  const s = strings.reports;
  const codes = strings.codes;
  const spec = useSpecText();
  const { uid } = useSessionUser();
  const vehicles = useFleetVehicles();
  const [form, setForm] = useState<ReportForm>(() => ({ vids: [], ...todayWindow(Date.now()), kind: 'mileage' }));
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_FILTERS);
  const names = useMemo(() => vehicleNames(vehicles.sorted), [vehicles.sorted]);
  const options = useMemo(
    () => ({ ...tableOptions(filters), timeZone: consoleTimeZone(), vehicleName: (id: string) => names.get(id) ?? id }),
    [filters, names],
  );
  const tableOf = (report: AnyReportRows) => reportTable(report, options);
  const report = useVehicleReport((r) => tableOf(r).rows.length);
  const table = useMemo(() => {
    if (!report.result) return null;
    const built = reportTable(report.result, options);
    const own = report.result.kind === 'mileage' ? localizeMileage(built, s, options.durationFormat) : built;
    return localizeReportTable(own, spec, { codes, hours: s.hours });
  }, [report.result, options, s, spec, codes]);
  const exporter = useReportExport();

  /** 'Start time must be before end time!' (spec 3 §5) before asking the server. */
  const windowOk = () => {
    if (form.startMs < form.endMs) return true;
    showToast('error', VEHICLE_REPORT_TEXTS.startBeforeEnd);
    return false;
  };
  const submit = () => {
    if (!windowOk()) return;
    report.submit({
      kind: form.kind,
      vids: form.vids,
      dvids: devicesOf(form.vids, vehicles.byVid),
      startTime: form.startMs,
      endTime: form.endMs,
      uid,
    });
  };
  const exportReport = (format: ReportFileFormat) => {
    if (!windowOk()) return;
    exporter.run({
      format,
      ...tableOptions(filters),
      kind: form.kind,
      vids: form.vids,
      startTime: form.startMs,
      endTime: form.endMs,
      timeZone: consoleTimeZone(),
    });
  };

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{s.title}</Typography.Title>} data-testid="vehicle-report">
        <ReportFormBar
          vehicles={vehicles}
          form={form}
          onChange={setForm}
          loading={report.loading}
          exporting={exporter.busy}
          onSubmit={submit}
          onExport={exportReport}
        />
        <AdvancedFilters filters={filters} onChange={setFilters} />
        {table && (
          <Typography.Text type="secondary" className="vehicle-report-count" data-testid="report-count">
            {s.rows(table.rows.length)}
          </Typography.Text>
        )}
        <ReportResultTable table={table} loading={report.loading} />
      </Card>
      <ExportProgress progress={exporter.progress} />
    </div>
  );
}
