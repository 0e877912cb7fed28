import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchRoutePlayback } from '../../../api/history/trips.ts';
import { useStrings } from '../../../i18n/strings.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';
import type { RecordQuery } from '../../../ui/records/RecordQueryForm.tsx';

/** The playback's track and stops for Trip Record's query, fetched beside the record. */
export function usePlaybackTrack(query: RecordQuery | null) {
  const s = useStrings().trips.player;
  const result = useQuery({
    queryKey: ['routePlayback', query?.vid, query?.startMs, query?.endMs],
    queryFn: () =>
      fetchRoutePlayback({
        vid: (query as RecordQuery).vid,
        startTime: (query as RecordQuery).startMs,
        endTime: (query as RecordQuery).endMs,
      }),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const { isError, errorUpdatedAt } = result;
  useEffect(() => {
    if (isError) showToast('error', s.loadError);
  }, [isError, errorUpdatedAt, s]);
  return result.data ?? null;
}
