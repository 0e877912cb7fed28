import { ALERT_TEXTS, type AlertEvent } from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchEvents } from '../../api/alerts/events.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import type { RecordQuery } from '../../ui/records/RecordQueryForm.tsx';

export type EventQuery = RecordQuery;

export interface EventRecordData {
  /** null before the first Submit. */
  events: readonly AlertEvent[] | null;
  /** The query the events answer. */
  query: EventQuery | null;
  truncated: boolean;
  loading: boolean;
  submit: (query: EventQuery) => void;
}

/** Event Record's lookup (spec 1 §2, §8): one vehicle's events in the window, with the spec's toasts. */
export function useEventRecord(): EventRecordData {
  const [result, setResult] = useState<{ query: EventQuery; events: AlertEvent[]; truncated: boolean } | null>(null);
  const lookup = useMutation({
    mutationFn: (query: EventQuery) => fetchEvents([query.vid], query.startMs, query.endMs),
    onSuccess: (response, query) => {
      setResult({ query, events: response.eventLogs, truncated: response.truncated });
      const n = response.eventLogs.length;
      showToast('info', n > 0 ? ALERT_TEXTS.eventsRetrieved.replace('{n}', String(n)) : ALERT_TEXTS.noEvents);
    },
    onError: () => {
      setResult(null);
      showToast('error', ALERT_TEXTS.eventsError);
    },
  });
  return {
    events: result?.events ?? null,
    query: result?.query ?? null,
    truncated: result?.truncated ?? false,
    loading: lookup.isPending,
    submit: (query) => lookup.mutate(query),
  };
}
