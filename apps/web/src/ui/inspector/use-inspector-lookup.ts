import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { showToast } from '../feedback/notifier.ts';

export interface InspectorResult<Q, L> {
  query: Q;
  logs: L[];
  truncated: boolean;
}

/**
 * An inspector's lookup (spec 3 §8): the logs of the query; an empty answer shows the screen's
 * info toast, a failure the server's message.
 */
export function useInspectorLookup<Q, L>(
  fetchLogs: (query: Q) => Promise<{ logs: L[]; truncated: boolean }>,
  emptyText: string,
) {
  const [result, setResult] = useState<InspectorResult<Q, L> | null>(null);
  const lookup = useMutation({
    mutationFn: async (query: Q) => ({ query, ...(await fetchLogs(query)) }),
    onSuccess: (found) => {
      setResult(found);
      if (found.logs.length === 0) showToast('info', emptyText);
    },
    onError: (error) => {
      setResult(null);
      showToast('error', errorText(error));
    },
  });
  return { result, loading: lookup.isPending, submit: (query: Q) => lookup.mutate(query) };
}
