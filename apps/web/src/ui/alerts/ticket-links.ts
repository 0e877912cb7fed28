/**
 * The links between SOS tickets and SOS Alerts (ADR 0073), as route and state: the dashboard
 * takes a ticket id (View On Map's state) or a vehicle id; SOS Alerts takes a ticket id and the
 * time its chains start from.
 */

/** How far before a ticket's first alarm SOS Alerts looks for its chains. */
const LOOK_BACK_MS = 60 * 60_000;
/** A chain's calls and a ticket's merged alarms fall well within a day of its start. */
const LOOK_AHEAD_MS = 86_400_000;

export interface TicketLinkState {
  ticketId: string;
}
export interface VehicleLinkState {
  vid: string;
}
export interface SosAlertsLinkState {
  ticketId: string;
  startTime: number;
  endTime: number;
}

export const ticketLink = (ticketId: string) => ({ to: '/', state: { ticketId } satisfies TicketLinkState });

export const vehicleLink = (vid: string) => ({ to: '/', state: { vid } satisfies VehicleLinkState });

export const sosAlertsLink = (ticket: { ticketId: string; createdAt: number; latestAt: number }) => ({
  to: '/SOSAlerts',
  state: {
    ticketId: ticket.ticketId,
    startTime: Math.min(ticket.createdAt, ticket.latestAt) - LOOK_BACK_MS,
    endTime: Math.max(ticket.createdAt, ticket.latestAt) + LOOK_AHEAD_MS,
  } satisfies SosAlertsLinkState,
});

const record = (state: unknown): Record<string, unknown> | null =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : null;

/** The vehicle a link to the dashboard names, if any. */
export function linkedVid(state: unknown): string | null {
  const vid = record(state)?.['vid'];
  return typeof vid === 'string' ? vid : null;
}

/** What a link to SOS Alerts names, if anything. */
export function linkedChains(state: unknown): SosAlertsLinkState | null {
  const r = record(state);
  if (!r) return null;
  const { ticketId, startTime, endTime } = r;
  return typeof ticketId === 'string' && typeof startTime === 'number' && typeof endTime === 'number'
    ? { ticketId, startTime, endTime }
    : null;
}
