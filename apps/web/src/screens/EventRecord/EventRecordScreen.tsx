import { ALERT_TEXTS, filterEvents, type AlertEvent, type EventFilter } from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import { MapView } from '../../map/MapView.tsx';
import { NavigationControl } from '../../map/controls/NavigationControl.tsx';
import { ScaleControl } from '../../map/controls/ScaleControl.tsx';
import { EventMarkersLayer, type EventSelection } from '../../map/layers/EventMarkersLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { downloadEvents } from '../../api/alerts/events.ts';
import { useFleetVehicles } from '../../ui/alerts/use-fleet-vehicles.ts';
import { consoleTimeZone } from '../../ui/format.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { RecordQueryForm } from '../../ui/records/RecordQueryForm.tsx';
import { EventList } from './EventList.tsx';
import { useEventRecord } from './use-event-record.ts';
import './event-record.css';

/**
 * /EventRecord (spec 1 §2): pick a vehicle and a window, list its events with type filters,
 * see them on the map coloured by type, focus one, export the list.
 */
export function EventRecordScreen() {
  const s = useStrings().alerts.eventRecord;
  const vehicles = useFleetVehicles();
  const record = useEventRecord();
  const [filter, setFilter] = useState<EventFilter>('ALL');
  const [selection, setSelection] = useState<EventSelection | null>(null);
  const shown = useMemo(() => filterEvents(record.events ?? [], filter), [record.events, filter]);

  const pick = (event: AlertEvent) => {
    if (!event.location) {
      showToast('warning', ALERT_TEXTS.eventNoLocation);
      return;
    }
    setSelection({ evid: event.evid, focus: true });
  };

  const exporting = useMutation({
    mutationFn: downloadEvents,
    onError: () => showToast('error', s.exportError),
  });
  const exportList = () => {
    const query = record.query;
    if (!query) return;
    exporting.mutate({
      vid: query.vid,
      startTime: query.startMs,
      endTime: query.endMs,
      eventType: filter,
      timeZone: consoleTimeZone(),
    });
  };

  return (
    <div className="event-record" data-testid="event-record">
      <aside className="event-record-panel">
        <Typography.Title level={4} className="event-record-title">
          {s.title}
        </Typography.Title>
        <RecordQueryForm
          idPrefix="event"
          vehicles={vehicles}
          loading={record.loading}
          onSubmit={(query) => {
            setSelection(null);
            record.submit(query);
          }}
        />
        <EventList
          events={record.events}
          shown={shown}
          filter={filter}
          onFilter={setFilter}
          loading={record.loading}
          truncated={record.truncated}
          selectedEvid={selection?.evid ?? null}
          onPick={pick}
          onExport={exportList}
        />
      </aside>
      <div className="event-record-map">
        <MapView>
          <NavigationControl />
          <ScaleControl />
          <PlacesLayer />
          <EventMarkersLayer events={shown} selection={selection} onSelect={setSelection} />
        </MapView>
      </div>
    </div>
  );
}
