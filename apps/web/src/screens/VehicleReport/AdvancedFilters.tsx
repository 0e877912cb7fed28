import { EVENT_TYPES, GEOFENCE_DURATION_FILTERS_MIN, durationFilterLabel } from '@jejak/contract';
import { Collapse, InputNumber, Radio, Select } from 'antd';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import type { ReportFilters } from './report-options.ts';

const GEOFENCE_OPTIONS = GEOFENCE_DURATION_FILTERS_MIN.map((m) => ({ value: m, label: durationFilterLabel(m) }));

interface AdvancedFiltersProps {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
}

/**
 * The advanced filters (spec 3 §2): geofence stay duration, event type, the estimated fuel
 * inputs (litres per km, RM per litre) and the duration format of the table and the export.
 */
export function AdvancedFilters({ filters, onChange }: AdvancedFiltersProps) {
  const s = useStrings().reports;
  const spec = useSpecText();
  const set = <K extends keyof ReportFilters>(key: K, value: ReportFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const body = (
    <div className="vehicle-report-filters">
      <label className="vehicle-report-field">
        <span>{s.geofenceDuration}</span>
        <Select
          id="report-geofence-duration"
          options={GEOFENCE_OPTIONS}
          value={filters.geofenceMinMinutes}
          onChange={(m: number) => set('geofenceMinMinutes', m)}
        />
      </label>
      <label className="vehicle-report-field">
        <span>{s.eventType}</span>
        <Select
          id="report-event-type"
          options={[{ value: 'ALL', label: s.allEvents }, ...EVENT_TYPES.map((t) => ({ value: t, label: spec(t) }))]}
          value={filters.eventType}
          onChange={(t: ReportFilters['eventType']) => set('eventType', t)}
        />
      </label>
      <label className="vehicle-report-field">
        <span>{s.litresPerKm}</span>
        <InputNumber
          id="report-litres-per-km"
          min={0}
          max={100}
          step={0.001}
          value={filters.litresPerKm}
          onChange={(v) => set('litresPerKm', typeof v === 'number' ? v : 0)}
        />
      </label>
      <label className="vehicle-report-field">
        <span>{s.rmPerLitre}</span>
        <InputNumber
          id="report-rm-per-litre"
          min={0}
          max={1000}
          step={0.01}
          value={filters.rmPerLitre}
          onChange={(v) => set('rmPerLitre', typeof v === 'number' ? v : 0)}
        />
      </label>
      <div className="vehicle-report-field">
        <span>{s.durationFormat}</span>
        <Radio.Group
          data-testid="report-duration-format"
          value={filters.durationFormat}
          onChange={(e) => set('durationFormat', e.target.value as ReportFilters['durationFormat'])}
          options={[
            { value: 'hms', label: s.hms },
            { value: 'decimal', label: s.decimal },
          ]}
        />
      </div>
    </div>
  );
  return (
    <Collapse
      className="vehicle-report-advanced"
      size="small"
      items={[{ key: 'advanced', label: <span data-testid="report-advanced">{s.advanced}</span>, children: body }]}
    />
  );
}
