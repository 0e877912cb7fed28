import type { Ticket } from '@jejak/contract';
import { mayCall, toPermissionRole } from '@jejak/domain';
import { Alert, Space } from 'antd';
import { Link } from 'react-router';
import { useStrings } from '../i18n/strings.ts';
import { useLiveTickets } from '../screens/Dashboard/tickets/use-tickets.ts';
import { useSessionUser } from '../store/session.ts';
import { useFleetVehicles, vehicleLabel } from '../ui/alerts/use-fleet-vehicles.ts';
import { formatDateTime } from '../ui/format.ts';
import { ticketLink, sosAlertsLink } from '../ui/alerts/ticket-links.ts';
import './sos-banner.css';

/** The SOS tickets still open, the most recent alarm first. */
export function openSos(tickets: readonly Ticket[]): Ticket[] {
  return tickets.filter((t) => t.sos).sort((a, b) => b.latestAt - a.latestAt || a.ticketId.localeCompare(b.ticketId));
}

/**
 * A vehicle in distress (ADR 0073): while an SOS ticket is open, every screen of the console
 * names the vehicle and its latest alarm, with links to the ticket on the dashboard and to SOS
 * Alerts. It cannot be closed: it goes when someone who may resolve tickets resolves it.
 */
export function SosBanner() {
  const { userRole } = useSessionUser();
  const role = toPermissionRole(userRole);
  return mayCall(role, 'readTickets') ? <OpenSosBanner mayReadCalls={mayCall(role, 'readEscalations')} /> : null;
}

function OpenSosBanner({ mayReadCalls }: { mayReadCalls: boolean }) {
  const s = useStrings().alertFlow.banner;
  const vehicles = useFleetVehicles();
  const query = useLiveTickets(true);
  const sos = openSos(query.data ?? []);
  const [first] = sos;
  if (!first) return null;
  const vehicle = vehicleLabel(vehicles.byVid.get(first.vid), first.vid);
  return (
    <Alert
      className="sos-banner"
      data-testid="sos-banner"
      type="error"
      showIcon
      role="alert"
      aria-label={s.label}
      title={
        <Space size={[8, 0]} wrap>
          <strong data-testid="sos-banner-text">{s.sos(vehicle, formatDateTime(first.latestAt))}</strong>
          {first.alarmCount > 1 && <span data-testid="sos-banner-count">{s.repeated(first.alarmCount)}</span>}
          {sos.length > 1 && <span data-testid="sos-banner-more">{s.more(sos.length - 1)}</span>}
        </Space>
      }
      action={
        <Space size={12} wrap>
          <Link {...ticketLink(first.ticketId)} data-testid="sos-banner-ticket">
            {s.viewTicket}
          </Link>
          {mayReadCalls && (
            <Link {...sosAlertsLink(first)} data-testid="sos-banner-alerts">
              {s.sosAlerts}
            </Link>
          )}
        </Space>
      }
    />
  );
}
