import { formatDistanceKm } from '@jejak/contract';
import { STATUS_COLOURS } from '@jejak/domain';
import { useStrings } from '../../../i18n/strings.ts';
import { formatDuration, formatSpeedKmh } from '../../../ui/format.ts';
import type { TripSummary } from './trip-details.ts';

/** The window at a glance, above Trip Details: distance, time driving/idling/parking, total idle, top speed. */
export function TripSummaryBar({ summary }: { summary: TripSummary }) {
  const s = useStrings().trips;
  const cells = [
    { key: 'distance', label: s.distance, value: formatDistanceKm(summary.distanceKm) },
    {
      key: 'driving',
      label: s.driving,
      value: formatDuration(summary.durations.MOVING),
      colour: STATUS_COLOURS.MOVING,
    },
    { key: 'idling', label: s.idling, value: formatDuration(summary.durations.IDLING), colour: STATUS_COLOURS.IDLING },
    {
      key: 'parking',
      label: s.parking,
      value: formatDuration(summary.durations.PARKING),
      colour: STATUS_COLOURS.PARKING,
    },
    { key: 'totalIdle', label: s.totalIdle, value: formatDuration(summary.totalIdleMs) },
    { key: 'topSpeed', label: s.topSpeed, value: formatSpeedKmh(summary.topSpeedKmh) },
    { key: 'events', label: s.events, value: String(summary.events) },
  ];
  return (
    <dl className="trip-summary" data-testid="trip-summary">
      {cells.map((c) => (
        <div key={c.key} className="trip-summary-cell" data-testid={`trip-summary-${c.key}`}>
          <dt>
            {c.colour && <span className="trip-dot" style={{ background: `#${c.colour}` }} />}
            {c.label}
          </dt>
          <dd>{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}
