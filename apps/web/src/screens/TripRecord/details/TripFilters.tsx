import { durationFilterLabel, EVENT_TYPE_COLOURS, TRANSIT_DURATION_FILTERS_MIN } from '@jejak/contract';
import { STATUS_COLOURS, TRANSIT_STATUSES, type TransitStatus } from '@jejak/domain';
import { Select, Tag } from 'antd';
import { useSpecText, useStrings } from '../../../i18n/strings.ts';
import { contrastTextOn } from '../../../ui/colour.ts';
import { TRIP_EVENT_TYPES, type TripEventType } from './trip-details.ts';

/** A chosen filter tag in its kind's colour, its text black or white as reads best on it. */
const checkedLook = (hex: string) => ({ background: `#${hex}`, color: contrastTextOn(`#${hex}`) });

export interface TripFilterState {
  durationMin: number;
  eventTypes: readonly TripEventType[];
  statuses: readonly TransitStatus[];
}

interface TripFiltersProps {
  value: TripFilterState;
  onChange: (next: TripFilterState) => void;
}

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** Trip Details' filters (spec 1 §2): duration, event types, transit types. */
export function TripFilters({ value, onChange }: TripFiltersProps) {
  const s = useStrings().trips;
  const spec = useSpecText();
  return (
    <div className="trip-filters" data-testid="trip-filters">
      <label className="trip-filter-row">
        <span className="trip-filter-label">{s.duration}</span>
        <Select
          id="trip-duration"
          size="small"
          className="trip-duration"
          value={value.durationMin}
          onChange={(durationMin) => onChange({ ...value, durationMin })}
          options={TRANSIT_DURATION_FILTERS_MIN.map((m) => ({ value: m, label: durationFilterLabel(m) }))}
          popupMatchSelectWidth={false}
        />
      </label>
      <div className="trip-filter-row" data-testid="trip-transit-types">
        <span className="trip-filter-label">{s.transitTypes}</span>
        {TRANSIT_STATUSES.map((status) => (
          <Tag.CheckableTag
            key={status}
            data-testid={`trip-status-${status}`}
            checked={value.statuses.includes(status)}
            onChange={() => onChange({ ...value, statuses: toggle(value.statuses, status) })}
            style={value.statuses.includes(status) ? checkedLook(STATUS_COLOURS[status]) : undefined}
          >
            {spec(status)}
          </Tag.CheckableTag>
        ))}
      </div>
      <div className="trip-filter-row" data-testid="trip-event-types">
        <span className="trip-filter-label">{s.eventTypes}</span>
        {TRIP_EVENT_TYPES.map((type) => (
          <Tag.CheckableTag
            key={type}
            data-testid={`trip-event-${type}`}
            checked={value.eventTypes.includes(type)}
            onChange={() => onChange({ ...value, eventTypes: toggle(value.eventTypes, type) })}
            style={value.eventTypes.includes(type) ? checkedLook(EVENT_TYPE_COLOURS[type]) : undefined}
          >
            {spec(type)}
          </Tag.CheckableTag>
        ))}
      </div>
    </div>
  );
}
