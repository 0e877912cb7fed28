import { ALERT_TEXTS, type Ticket } from '@jejak/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serverTextOr } from '../../../api/error-text.ts';
import { openTicketsQuery, ticketKeys } from '../../../api/alerts/tickets.ts';
import { useSessionUser } from '../../../store/session.ts';
import { notifyFeed } from '../../../store/notify-feed.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';

/** The console's poll timer (spec 1 §9). */
export const TICKET_POLL_MS = 6000;

export interface OpenTickets {
  tickets: readonly Ticket[];
  loading: boolean;
  refresh: () => void;
}

/**
 * The open tickets of every vehicle the user reaches, newest first (the server's order). A
 * critical event arriving on the live channel opens a ticket, so it refetches them.
 */
export function useTickets(enabled = true): OpenTickets {
  const { uid } = useSessionUser();
  const queryClient = useQueryClient();
  // Live events refetch at once; the poll (spec 1 §9's 6000 ms timer) catches what a dropped
  // or raced message would miss.
  const query = useQuery({
    ...openTicketsQuery(uid),
    enabled,
    refetchInterval: TICKET_POLL_MS,
  });

  useEffect(() => {
    if (query.error) showToast('error', serverTextOr(query.error, ALERT_TEXTS.ticketsGetError));
  }, [query.error]);

  useEffect(() => {
    if (!enabled) return;
    return notifyFeed.subscribe((item) => {
      if (item.eventType === 'CRITICAL' && item.eventResult === 1) {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.open(uid) });
      }
    });
  }, [enabled, queryClient, uid]);

  return {
    tickets: query.data ?? [],
    loading: query.isFetching,
    refresh: () => void query.refetch(),
  };
}
