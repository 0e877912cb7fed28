import { EVENT_TYPE_COLOURS, type Ticket } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { openTicketsQuery } from '../../../api/alerts/tickets.ts';
import { useSessionUser } from '../../../store/session.ts';
import { focusZoom } from '../../../map/focus-zoom.ts';
import { isMapRemoved, useMap } from '../../../map/map-context.ts';
import { maplibregl } from '../../../map/maplibre.ts';

/** Selecting a ticket zooms to 20 (spec 1 §9). */
const TICKET_ZOOM = 20;

/** The ticket a link opened the dashboard on (View On Map, the distress banner), if any. */
export function ticketIdOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('ticketId' in state)) return null;
  return typeof state.ticketId === 'string' ? state.ticketId : null;
}

/**
 * View On Map (spec 1 §2): the dashboard opened with a ticket id in its route state zooms to
 * the ticket's event and marks it, coloured by its event type.
 */
export function TicketFocus() {
  const map = useMap();
  const { uid } = useSessionUser();
  const ticketId = ticketIdOf(useLocation().state);
  const tickets = useQuery({ ...openTicketsQuery(uid), enabled: ticketId !== null });
  const ticket: Ticket | undefined = tickets.data?.find((t) => t.ticketId === ticketId);
  const location = ticket?.event.location;
  const colour = ticket ? EVENT_TYPE_COLOURS[ticket.event.eventType] : null;

  useEffect(() => {
    if (!location || colour === null) return;
    const at: [number, number] = [location.lon, location.lat];
    // View On Map is the user's own choice of view: marked as user-made, so the dashboard's
    // first fit to the fleet (or its fallback to the default view) leaves it alone.
    map.easeTo({ center: at, zoom: focusZoom(map, TICKET_ZOOM) }, { originalEvent: new Event('ticket-focus') });
    const element = document.createElement('div');
    element.className = 'ticket-marker';
    element.dataset['testid'] = 'ticket-marker';
    element.style.background = `#${colour}`;
    const marker = new maplibregl.Marker({ element }).setLngLat(at).addTo(map);
    return () => {
      if (!isMapRemoved(map)) marker.remove();
    };
  }, [map, location, colour]);

  return null;
}
