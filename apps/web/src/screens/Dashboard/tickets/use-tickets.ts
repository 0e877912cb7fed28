import { ALERT_TEXTS, type Ticket } from '@jejak/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serverTextOr } from '../../../api/error-text.ts';
import { openTicketsQuery, ticketKeys } from '../../../api/alerts/tickets.ts';
import { useSessionUser } from '../../../store/session.ts';
import { notifyFeed } from '../../../store/notify-feed.ts';
import { ticketFeed } from '../../../store/ticket-feed.ts';
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
 * critical event arriving on the live channel opens a ticket or adds to one, and a 'ticket'
 * message says someone resolved some: either refetches them.
 */
export function useTickets(enabled = true): OpenTickets {
  const query = useLiveTickets(enabled);

  useEffect(() => {
    if (query.error) showToast('error', serverTextOr(query.error, ALERT_TEXTS.ticketsGetError));
  }, [query.error]);

  return {
    tickets: query.data ?? [],
    loading: query.isFetching,
    refresh: () => void query.refetch(),
  };
}

/**
 * The open-tickets query kept fresh (the ticket panel, and the distress banner on every screen,
 * share it): live events refetch at once; the poll (spec 1 §9's 6000 ms timer) catches what a
 * dropped or raced message would miss.
 */
export function useLiveTickets(enabled: boolean) {
  const { uid } = useSessionUser();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...openTicketsQuery(uid),
    enabled,
    refetchInterval: TICKET_POLL_MS,
  });

  useEffect(() => {
    if (!enabled) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ticketKeys.open(uid) });
    const events = notifyFeed.subscribe((item) => {
      if (item.eventType === 'CRITICAL' && item.eventResult === 1) refetch();
    });
    const changes = ticketFeed.subscribe(refetch);
    return () => {
      events();
      changes();
    };
  }, [enabled, queryClient, uid]);

  return query;
}
