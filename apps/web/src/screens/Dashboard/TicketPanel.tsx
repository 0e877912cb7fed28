import { ALERT_TEXTS, type Ticket } from '@jejak/contract';
import { mayCall, toPermissionRole, type RoleValue } from '@jejak/domain';
import { DownOutlined, ReloadOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSessionUser } from '../../store/session.ts';
import { useStrings, useSpecText } from '../../i18n/strings.ts';
import { useFleetVehicles } from '../../ui/alerts/use-fleet-vehicles.ts';
import { ResolveDialog } from './tickets/ResolveDialog.tsx';
import { ticketIdOf } from './tickets/TicketFocus.tsx';
import { TicketTable } from './tickets/TicketTable.tsx';
import { useTickets } from './tickets/use-tickets.ts';
import './tickets/tickets.css';

/** The roles the ticket panel shows for (spec 1 §2 Dashboard, §6). */
const PANEL_ROLES: readonly RoleValue[] = ['fleetOwner', 'fleetManager', 'fleetOperator'];
const PHONE = '(max-width: 600px)';

/** The dashboard ticket panel (spec 1 §2 SOS tickets): only for fleet owners, managers and operators. */
export function TicketPanel({ selectedVid }: { selectedVid: string | null }) {
  const { userRole } = useSessionUser();
  return PANEL_ROLES.includes(userRole) ? <OpenTicketPanel selectedVid={selectedVid} /> : null;
}

/**
 * Bottom of the map, collapsible so the map stays usable: the total, Refresh, Bulk Mark
 * Resolved and the table. While a vehicle is selected only its tickets show.
 */
function OpenTicketPanel({ selectedVid }: { selectedVid: string | null }) {
  const { userRole } = useSessionUser();
  const s = useStrings().alerts.tickets;
  const spec = useSpecText();
  const vehicles = useFleetVehicles();
  const { tickets, loading, refresh } = useTickets();
  // On a phone it opens folded to its header (the count still shows), so the map is seen first.
  const [open, setOpen] = useState(() => !window.matchMedia(PHONE).matches);
  const [selected, setSelected] = useState<string[]>([]);
  const [resolving, setResolving] = useState<Ticket[] | null>(null);
  const mayResolve = mayCall(toPermissionRole(userRole), 'resolveTickets');
  const focused = ticketIdOf(useLocation().state);

  const shown = useMemo(
    () => (selectedVid === null ? tickets : tickets.filter((t) => t.vid === selectedVid)),
    [tickets, selectedVid],
  );
  const shownSelection = selected.filter((id) => shown.some((t) => t.ticketId === id));

  return (
    <section className={`ticket-panel${open ? ' ticket-panel-open' : ''}`} data-testid="ticket-panel">
      <header className="ticket-panel-header">
        <Button
          type="text"
          size="small"
          icon={open ? <DownOutlined /> : <UpOutlined />}
          aria-label={open ? s.collapse : s.expand}
          aria-expanded={open}
          data-testid="ticket-panel-toggle"
          onClick={() => setOpen(!open)}
        />
        <Typography.Text strong className="ticket-panel-total">
          {spec(ALERT_TEXTS.ticketsTotal)}: <Badge count={shown.length} showZero data-testid="ticket-total" />
        </Typography.Text>
        <Space size={4} wrap className="ticket-panel-actions">
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={loading}
            onClick={refresh}
            data-testid="ticket-refresh"
          >
            {spec(ALERT_TEXTS.ticketsRefresh)}
          </Button>
          {mayResolve && (
            <Button
              size="small"
              disabled={shownSelection.length === 0}
              data-testid="ticket-bulk-resolve"
              onClick={() => setResolving(shown.filter((t) => shownSelection.includes(t.ticketId)))}
            >
              {spec(ALERT_TEXTS.ticketsBulkResolve)}
            </Button>
          )}
        </Space>
      </header>
      {open && (
        <div className="ticket-panel-body">
          <TicketTable
            tickets={shown}
            vehicles={vehicles}
            loading={loading}
            mayResolve={mayResolve}
            selected={shownSelection}
            onSelect={setSelected}
            onResolve={setResolving}
            focused={focused}
          />
        </div>
      )}
      {resolving && (
        <ResolveDialog
          tickets={resolving}
          onCancel={() => setResolving(null)}
          onDone={(ids) => {
            setSelected((current) => current.filter((id) => !ids.includes(id)));
            setResolving(null);
          }}
        />
      )}
    </section>
  );
}
