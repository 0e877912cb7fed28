import {
  ALERT_PATHS,
  AcknowledgeTicketsResponseSchema,
  TicketsResponseSchema,
  type AcknowledgeTicketsRequest,
  type Ticket,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

export const ticketKeys = {
  all: ['tickets'] as const,
  /** The open tickets of every vehicle the user reaches. */
  open: (uid: string) => ['tickets', uid] as const,
};

/** POST /ticket/get (spec 1 §7): open tickets, newest first; empty vids means every vehicle the caller reaches. */
export async function fetchTickets(vids: readonly string[] = []): Promise<Ticket[]> {
  return (await apiPost(ALERT_PATHS.ticketGet, { vids }, TicketsResponseSchema)).ticketList;
}

/** The query of the user's open tickets: the ticket panel and View On Map share its cache. */
export const openTicketsQuery = (uid: string) => ({
  queryKey: ticketKeys.open(uid),
  queryFn: () => fetchTickets([]),
});

/** POST /ticket/acknowledge (spec 1 §7): resolves the tickets; answers the resolved ids. */
export async function resolveTickets(request: AcknowledgeTicketsRequest): Promise<string[]> {
  return (await apiPost(ALERT_PATHS.ticketAcknowledge, request, AcknowledgeTicketsResponseSchema)).ticketIds;
}
