import type { LiveTicketMessage } from '@jejak/contract';

export type TicketChange = LiveTicketMessage['item'];
type Listener = (change: TicketChange) => void;

/**
 * The live channel's ticket changes ('ticket', ADR 0073): someone resolved tickets of a vehicle
 * the user watches, so the ticket panel and the distress banner refetch. Nothing is kept.
 */
class TicketFeed {
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  publish(change: TicketChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

export const ticketFeed = new TicketFeed();
