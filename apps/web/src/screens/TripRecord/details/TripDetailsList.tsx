import { eventTitle, formatDistanceKm, type TransitRecord } from '@jejak/contract';
import { STATUS_COLOURS } from '@jejak/domain';
import { Button } from 'antd';
import { useSpecText, useStrings } from '../../../i18n/strings.ts';
import { EventTypeIcon } from '../../../ui/alerts/EventTypeIcon.tsx';
import { textColourOn } from '../../../ui/colour.ts';
import { formatDateTime, formatDuration, formatSpeedKmh, localizeAddress } from '../../../ui/format.ts';
import type { TripDetailsItem } from './trip-details.ts';

interface TripDetailsListProps {
  items: readonly TripDetailsItem[];
  tsid: string | null;
  eventCreatedAt: number | null;
  onPick: (item: TripDetailsItem) => void;
  onShowTrip: (trid: string) => void;
}

function TransitItem({ record, onShowTrip }: { record: TransitRecord; onShowTrip: (trid: string) => void }) {
  const s = useStrings().trips;
  const spec = useSpecText();
  const colour = `#${STATUS_COLOURS[record.transitStatus]}`;
  const moved = record.transitStatus === 'MOVING';
  const place = (address: string | null | undefined) => (address ? localizeAddress(address) : s.noAddress);
  return (
    <>
      <span className="trip-item-head">
        <span className="trip-status" style={{ background: colour, color: textColourOn(colour) }}>
          {spec(record.transitStatus)}
        </span>
        {record.underWay && (
          <span className="trip-under-way" data-testid="trip-under-way">
            {s.underWay}
          </span>
        )}
        <span className="trip-item-duration">{formatDuration(record.duration)}</span>
        {moved && <span className="trip-item-distance">{formatDistanceKm(record.totalMileage)}</span>}
      </span>
      <span className="trip-item-time">
        {formatDateTime(record.startTime)} – {formatDateTime(record.endTime)}
      </span>
      <span className="trip-item-address">
        {moved ? (
          <>
            <span className="trip-from">{place(record.startAddress)}</span>
            <span className="trip-to">{place(record.endAddress)}</span>
          </>
        ) : (
          place(record.startAddress)
        )}
      </span>
      {moved && <span className="trip-item-speed">{`${s.topSpeed} ${formatSpeedKmh(record.topSpeed)}`}</span>}
      {record.trid && (
        <Button
          type="link"
          size="small"
          className="trip-item-trip"
          data-testid="trip-show-trip"
          onClick={(e) => {
            e.stopPropagation();
            if (record.trid) onShowTrip(record.trid);
          }}
        >
          {s.showTrip}
        </Button>
      )}
    </>
  );
}

/** Trip Details' items (spec 1 §2): transit records and events, oldest first; a click toggles one. */
export function TripDetailsList({ items, tsid, eventCreatedAt, onPick, onShowTrip }: TripDetailsListProps) {
  const s = useStrings().trips;
  return (
    <ul className="trip-list" data-testid="trip-list">
      {items.map((item) => {
        const selected =
          item.kind === 'transit' ? item.record.tsid === tsid : item.event.eventCreatedAt === eventCreatedAt;
        return (
          <li key={item.key}>
            <div
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              className={`trip-item trip-item-${item.kind}${selected ? ' trip-item-selected' : ''}`}
              data-testid="trip-item"
              data-kind={item.kind}
              data-key={item.key}
              onClick={() => onPick(item)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onPick(item);
                }
              }}
            >
              {item.kind === 'transit' ? (
                <TransitItem record={item.record} onShowTrip={onShowTrip} />
              ) : (
                <span className="trip-event">
                  <EventTypeIcon type={item.event.eventType} />
                  <span className="trip-event-text">
                    <span className="trip-event-name">{eventTitle(item.event)}</span>
                    <span className="trip-item-time">{formatDateTime(item.event.eventCreatedAt)}</span>
                    <span className="trip-item-address">
                      {item.event.address ? localizeAddress(item.event.address) : s.noAddress}
                    </span>
                  </span>
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
