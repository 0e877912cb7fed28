import { ALERT_TEXTS, EVENT_FILTERS, eventTitle, type AlertEvent, type EventFilter } from '@jejak/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Radio, Spin, Typography } from 'antd';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { EventTypeIcon } from '../../ui/alerts/EventTypeIcon.tsx';
import { countByFilter } from '../../ui/alerts/event-text.ts';
import { formatDateTime, localizeAddress } from '../../ui/format.ts';

interface EventListProps {
  /** null before the first Submit. */
  events: readonly AlertEvent[] | null;
  shown: readonly AlertEvent[];
  filter: EventFilter;
  onFilter: (filter: EventFilter) => void;
  loading: boolean;
  truncated: boolean;
  selectedEvid: string | null;
  onPick: (event: AlertEvent) => void;
  onExport: () => void;
}

function Body({ events, shown, loading, selectedEvid, onPick }: EventListProps) {
  const spec = useSpecText();
  const s = useStrings().alerts.eventRecord;
  if (loading) {
    return (
      <div className="event-list-state" data-testid="event-list-loading">
        <Spin />
        <Typography.Text type="secondary">{spec(ALERT_TEXTS.loadingEvents)}</Typography.Text>
      </div>
    );
  }
  if (events === null) {
    return (
      <div className="event-list-state" data-testid="event-list-idle">
        <Typography.Text type="secondary">{spec(ALERT_TEXTS.loadingData)}</Typography.Text>
      </div>
    );
  }
  if (shown.length === 0) {
    return (
      <Empty
        data-testid="event-list-empty"
        description={
          <>
            <Typography.Text strong>{spec(ALERT_TEXTS.emptyTitle)}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{spec(ALERT_TEXTS.emptyText)}</Typography.Text>
          </>
        }
      />
    );
  }
  return (
    <ul className="event-list" data-testid="event-list">
      {shown.map((event) => (
        <li key={event.evid}>
          <button
            type="button"
            className={`event-item${event.evid === selectedEvid ? ' event-item-selected' : ''}`}
            data-testid="event-item"
            data-evid={event.evid}
            onClick={() => onPick(event)}
          >
            <EventTypeIcon type={event.eventType} />
            <span className="event-item-text">
              <span className="event-item-name">{eventTitle(event)}</span>
              <span className="event-item-time">{formatDateTime(event.eventCreatedAt)}</span>
              <span className="event-item-address">{event.address ? localizeAddress(event.address) : s.noAddress}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Event Record's list (spec 1 §2): filter buttons with counts, export, and the events. */
export function EventList(props: EventListProps) {
  const s = useStrings().alerts.eventRecord;
  const spec = useSpecText();
  const counts = countByFilter(props.events ?? []);
  return (
    <div className="event-list-panel">
      <div className="event-list-tools">
        <Radio.Group
          size="small"
          optionType="button"
          value={props.filter}
          onChange={(e) => props.onFilter(e.target.value as EventFilter)}
          options={EVENT_FILTERS.map((f) => ({ value: f, label: `${spec(f)} (${counts[f]})` }))}
          data-testid="event-filters"
        />
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={props.shown.length === 0}
          onClick={props.onExport}
          data-testid="event-export"
        >
          {s.export}
        </Button>
      </div>
      {props.truncated && <Alert type="warning" showIcon title={s.truncated} />}
      <Body {...props} />
    </div>
  );
}
