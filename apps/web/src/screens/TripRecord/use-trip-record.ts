import { TRANSIT_TEXTS, type AlertEvent, type TransitRecord, type TripRecord, type VehicleLog } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchEvents } from '../../api/alerts/events.ts';
import { fetchTransitRecords, fetchTripRecords, fetchVehicleLogs } from '../../api/history/trips.ts';
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
  const result = useQuery({
    queryKey: ['tripRecord', query?.vid, query?.startMs, query?.endMs],
    queryFn: () => loadTripRecord(query as RecordQuery),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const { data, isError, dataUpdatedAt, errorUpdatedAt } = result;
  // One toast per answer, as Event Record gives, in spec 1 §8's words.
  useEffect(() => {
    const n = data?.transits.length;
    if (n !== undefined) showToast('info', n > 0 ? TRANSIT_TEXTS.found.replace('{n}', String(n)) : TRANSIT_TEXTS.none);
  }, [data, dataUpdatedAt]);
  useEffect(() => {
    if (isError) showToast('error', TRANSIT_TEXTS.error);
  }, [isError, errorUpdatedAt]);
  return { data: data ?? null, loading: result.isFetching };
}
