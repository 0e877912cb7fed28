import { ALERT_TEXTS, DEFAULT_TRANSIT_DURATION_FILTER_MIN, durationFilterMs } from '@jejak/contract';
import { TRANSIT_STATUSES } from '@jejak/domain';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Typography } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { MapView } from '../../map/MapView.tsx';
import { NavigationControl } from '../../map/controls/NavigationControl.tsx';
import { ScaleControl } from '../../map/controls/ScaleControl.tsx';
import { EventMarkersLayer, type EventSelection } from '../../map/layers/EventMarkersLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { useFleetVehicles } from '../../ui/alerts/use-fleet-vehicles.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { RecordQueryForm, type RecordQuery } from '../../ui/records/RecordQueryForm.tsx';
import { JourneyMarkers } from './path/JourneyMarkers.tsx';
import { PathLegend } from './path/PathLegend.tsx';
import type { TripFilterState } from './details/TripFilters.tsx';
import { TripDetailsPanel } from './details/TripDetailsPanel.tsx';
import { TripPathLayer } from './path/TripPathLayer.tsx';
import { TripPlayback } from './playback/TripPlayback.tsx';
import { parseTripRouteState, toggled, tripRouteSearch, type TripRouteState } from './route-state.ts';
import { tripDetailsItems, tripSummary, TRIP_EVENT_TYPES, type TripDetailsItem } from './details/trip-details.ts';
import type { TimeSpan } from './path/path-chunks.ts';
import { usePlaybackTrack } from './playback/use-playback.ts';
import { useTripRecord } from './use-trip-record.ts';
import './trip-record.css';
import './playback/playback.css';

const DEFAULT_FILTER: TripFilterState = {
  durationMin: DEFAULT_TRANSIT_DURATION_FILTER_MIN,
  eventTypes: TRIP_EVENT_TYPES,
  statuses: TRANSIT_STATUSES,
};

/** The route state in one place: read from the address, written back to it. */
function useTripRouteState(): [TripRouteState, (next: Partial<TripRouteState>) => void] {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const state = useMemo(() => parseTripRouteState(search, location.state), [search, location.state]);
  const update = (next: Partial<TripRouteState>) =>
    setSearch(tripRouteSearch({ ...state, ...next }), { replace: true });
  return [state, update];
}

/**
 * /TripRecord (spec 1 §2): a vehicle's journey in a window — the path by kind with direction
 * arrows, start and end, its events; Trip Details lists transit records and events with filters,
 * a summary, export and the PDF report; then playback (issue 13 item 1) moves the vehicle along
 * its track, or along the trip picked in Trip Details.
 */
export function TripRecordScreen() {
  const s = useStrings().trips;
  const vehicles = useFleetVehicles();
  const [route, setRoute] = useTripRouteState();
  const query: RecordQuery | null =
    route.vid !== null && route.startTime !== null && route.endTime !== null && route.startTime < route.endTime
      ? { vid: route.vid, startMs: route.startTime, endMs: route.endTime }
      : null;
  const record = useTripRecord(query);
  const playback = usePlaybackTrack(query);
  const [filter, setFilter] = useState<TripFilterState>(DEFAULT_FILTER);
  const data = record.data;

  const items = useMemo(
    () =>
      data
        ? tripDetailsItems(data.transits, data.events, {
            statuses: filter.statuses,
            minDurationMs: durationFilterMs(filter.durationMin),
            eventTypes: filter.eventTypes,
          })
        : [],
    [data, filter],
  );
  const summary = useMemo(() => (data ? tripSummary(data.transits, data.trips, data.events) : null), [data]);
  const shownEvents = useMemo(
    () => (data?.events ?? []).filter((e) => (filter.eventTypes as readonly string[]).includes(e.eventType)),
    [data, filter.eventTypes],
  );

  const transit = data?.transits.find((t) => t.tsid === route.tsid) ?? null;
  const trip = useMemo((): TimeSpan | null => {
    if (!data || route.trid === null) return null;
    const final = data.trips.find((t) => t.trid === route.trid);
    if (final) return final;
    // A trip still under way has no final record yet: its transit records span it.
    const parts = data.transits.filter((t) => t.trid === route.trid);
    const first = parts[0];
    const last = parts.at(-1);
    return first && last ? { startTime: first.startTime, endTime: last.endTime } : null;
  }, [data, route.trid]);
  const selection = useMemo(() => ({ transit, trip }), [transit, trip]);
  const focus = transit ?? trip;
  const selectedEvent = data?.events.find((e) => e.eventCreatedAt === route.eventCreatedAt) ?? null;
  const [eventFocus, setEventFocus] = useState(true);
  const eventSelection: EventSelection | null = selectedEvent ? { evid: selectedEvent.evid, focus: eventFocus } : null;

  const pick = (item: TripDetailsItem) => {
    if (item.kind === 'transit') {
      setRoute({ tsid: toggled(route.tsid, item.record.tsid), eventCreatedAt: null });
      return;
    }
    if (!item.event.location) showToast('warning', ALERT_TEXTS.eventNoLocation);
    setEventFocus(true);
    setRoute({ eventCreatedAt: toggled(route.eventCreatedAt, item.event.eventCreatedAt), tsid: null });
  };

  return (
    <div className="trip-record" data-testid="trip-record">
      <aside className="trip-record-panel">
        <Typography.Title level={4} className="trip-record-title">
          {s.title}
        </Typography.Title>
        <RecordQueryForm
          idPrefix="trip"
          vehicles={vehicles}
          loading={record.loading}
          initial={query ?? (route.vid ? { vid: route.vid } : undefined)}
          onSubmit={(q) =>
            setRoute({
              vid: q.vid,
              startTime: q.startMs,
              endTime: q.endMs,
              tsid: null,
              eventCreatedAt: null,
              trid: null,
            })
          }
        />
        <TripDetailsPanel
          query={query}
          data={data}
          loading={record.loading}
          items={items}
          summary={summary}
          filter={filter}
          onFilter={setFilter}
          route={route}
          trip={trip}
          onPick={pick}
          onShowTrip={(trid) => setRoute({ trid, tsid: null })}
          onCloseTrip={() => setRoute({ trid: null })}
        />
      </aside>
      <div className="trip-record-map">
        <MapView>
          <NavigationControl />
          <ScaleControl />
          <PlacesLayer />
          <TripPathLayer logs={data?.logs ?? []} selection={selection} focus={focus} />
          <JourneyMarkers logs={data?.logs ?? []} startLabel={s.start} endLabel={s.end} />
          <EventMarkersLayer
            events={shownEvents}
            selection={eventSelection}
            fitToEvents={false}
            onSelect={(picked) => {
              const event = data?.events.find((e) => e.evid === picked.evid);
              if (!event) return;
              setEventFocus(picked.focus);
              setRoute({ eventCreatedAt: event.eventCreatedAt, tsid: null });
            }}
          />
          {data && playback && <TripPlayback playback={playback} trip={trip} />}
        </MapView>
        {data && data.logs.length > 1 && <PathLegend />}
      </div>
    </div>
  );
}
