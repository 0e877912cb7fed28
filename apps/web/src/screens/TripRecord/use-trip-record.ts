import type { AlertEvent, TransitRecord, TripRecord, VehicleLog } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchEvents } from '../../api/alerts/events.ts';
import { fetchTransitRecords, fetchTripRecords, fetchVehicleLogs } from '../../api/history/trips.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import type { RecordQuery } from '../../ui/records/RecordQueryForm.tsx';

export interface TripRecordResult {
  transits: TransitRecord[];
  trips: TripRecord[];
  /** The path: every accepted fix, oldest first. */
  logs: VehicleLog[];
  /** Oldest first, as the panel lists them. */
  events: AlertEvent[];
  truncated: boolean;
}

async function loadTripRecord(query: RecordQuery): Promise<TripRecordResult> {
  const window = { vid: query.vid, startTime: query.startMs, endTime: query.endMs };
  const [transits, trips, logs, events] = await Promise.all([
    fetchTransitRecords(window),
    fetchTripRecords(window),
    fetchVehicleLogs(window),
    fetchEvents([query.vid], query.startMs, query.endMs),
  ]);
  return {
    transits: transits.transitRecords,
    trips: trips.tripRecords,
    logs: logs.logs,
    events: [...events.eventLogs].sort((a, b) => a.eventCreatedAt - b.eventCreatedAt),
    truncated: logs.truncated || events.truncated,
  };
}

/**
 * Trip Record's lookup (spec 1 §2): one vehicle's transit records, trips, path and events in the
 * window, fetched together. Keyed by the query, so the route state alone says what is shown.
 */
export function useTripRecord(query: RecordQuery | null) {
  const s = useStrings().trips;
  const result = useQuery({
    queryKey: ['tripRecord', query?.vid, query?.startMs, query?.endMs],
    queryFn: () => loadTripRecord(query as RecordQuery),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const { data, isError, dataUpdatedAt, errorUpdatedAt } = result;
  // One toast per answer, as Event Record gives.
  useEffect(() => {
    if (data) showToast('info', data.transits.length > 0 ? s.retrieved(data.transits.length) : s.nothing);
  }, [data, dataUpdatedAt, s]);
  useEffect(() => {
    if (isError) showToast('error', s.loadError);
  }, [isError, errorUpdatedAt, s]);
  return { data: data ?? null, loading: result.isFetching };
}
