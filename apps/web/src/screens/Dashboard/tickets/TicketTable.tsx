import { ALERT_TEXTS, type EventType, type Ticket } from '@jejak/contract';
import { mayCall, roleLabel, toPermissionRole } from '@jejak/domain';
import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../../store/session.ts';
import { useStrings, useSpecText } from '../../../i18n/strings.ts';
import { vehicleLabel, type FleetVehicles } from '../../../ui/alerts/use-fleet-vehicles.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { tablePagination } from '../../../ui/table/table.ts';
import { supportChatUrl } from './ticket-text.ts';
import { TicketCalls } from './TicketCalls.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';

/** Event type tags of the ticket table (spec 1 §2): info blue, warning yellow, critical red. */
const TYPE_TAG_COLOURS: Readonly<Record<EventType, string>> = {
  INFO: 'blue',
  WARNING: 'gold',
  CRITICAL: 'red',
  CONTROL: 'default',
};
const TYPE_FILTERS: readonly EventType[] = ['INFO', 'WARNING', 'CRITICAL'];

interface TicketTableProps {
  tickets: readonly Ticket[];
  vehicles: FleetVehicles;
  loading: boolean;
  /** Selection and Mark Resolved, for roles that may resolve. */
  mayResolve: boolean;
  selected: readonly string[];
  onSelect: (ticketIds: string[]) => void;
  onResolve: (tickets: Ticket[]) => void;
  /** The ticket a link opened the dashboard on: its row stands out. */
  focused?: string | null;
}

/** The SOS ticket table (spec 1 §2 SOS tickets), newest first as the server sends them. */
export function TicketTable({
  tickets,
  vehicles,
  loading,
  mayResolve,
  selected,
  onSelect,
  onResolve,
  focused = null,
}: TicketTableProps) {
  const user = useSessionUser();
  const s = useStrings().alerts.tickets;
  const empty = useStrings().empty;
  const spec = useSpecText();
  const navigate = useNavigate();
  const flow = useStrings().alertFlow.ticket;
  const mayReadCalls = mayCall(toPermissionRole(user.userRole), 'readEscalations');

  const contactSupport = (ticket: Ticket) => {
    const url = supportChatUrl(
      {
        role: roleLabel(user.userRole),
        userName: user.userName,
        email: user.userEmail,
        vehicle: vehicleLabel(vehicles.byVid.get(ticket.vid), ticket.vid),
        event: ticket.event.eventName,
        eventTimeMs: ticket.event.eventCreatedAt,
      },
      s.chat,
    );
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  const columns: TableColumnsType<Ticket> = [
    {
      title: s.date,
      key: 'date',
      render: (_, t) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(t.event.eventCreatedAt)}</span>
          {t.alarmCount > 1 && (
            <Typography.Text type="secondary" data-testid="ticket-latest">
              {flow.latest(formatDateTime(t.latestAt))}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: s.vehicle, key: 'vehicle', render: (_, t) => vehicleLabel(vehicles.byVid.get(t.vid), t.vid) },
    {
      title: s.eventType,
      key: 'type',
      filters: TYPE_FILTERS.map((type) => ({ text: spec(type).toLowerCase(), value: type })),
      onFilter: (value, t) => t.event.eventType === value,
      render: (_, t) => (
        <Tag color={TYPE_TAG_COLOURS[t.event.eventType]} data-testid="ticket-type">
          {spec(t.event.eventType)}
        </Tag>
      ),
    },
    {
      title: s.event,
      key: 'event',
      render: (_, t) => (
        <Space orientation="vertical" size={2}>
          <Space size={6}>
            <span data-testid="ticket-event-name">{t.event.eventName}</span>
            {t.alarmCount > 1 && (
              <Tag color="red" data-testid="ticket-count" aria-label={flow.countLabel(t.alarmCount)}>
                {flow.count(t.alarmCount)}
              </Tag>
            )}
          </Space>
          {mayReadCalls && <TicketCalls ticket={t} />}
        </Space>
      ),
    },
    {
      title: spec(ALERT_TEXTS.ticketViewOnMap),
      key: 'map',
      render: (_, t) =>
        t.event.location ? (
          <Button
            type="link"
            size="small"
            data-testid="ticket-view-on-map"
            onClick={() => void navigate('/', { state: { ticketId: t.ticketId } })}
          >
            {spec(ALERT_TEXTS.ticketViewOnMap)}
          </Button>
        ) : (
          spec(ALERT_TEXTS.ticketNoLocation)
        ),
    },
    {
      title: s.action,
      key: 'action',
      render: (_, t) => (
        <Space size={4} wrap>
          {mayResolve && (
            <Button size="small" data-testid="ticket-resolve" onClick={() => onResolve([t])}>
              {spec(ALERT_TEXTS.ticketResolve)}
            </Button>
          )}
          <Button size="small" data-testid="ticket-contact-support" onClick={() => contactSupport(t)}>
            {spec(ALERT_TEXTS.ticketContactSupport)}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<Ticket>
      data-testid="ticket-table"
      rowKey="ticketId"
      rowClassName={(t) => (t.ticketId === focused ? 'ticket-row-focused' : '')}
      size="small"
      loading={loading}
      columns={columns}
      dataSource={[...tickets]}
      locale={{ emptyText: <EmptyState text={empty.tickets} testId="tickets-empty" /> }}
      pagination={tablePagination(tickets.length)}
      scroll={{ x: 'max-content' }}
      rowSelection={
        mayResolve ? { selectedRowKeys: [...selected], onChange: (keys) => onSelect(keys.map(String)) } : undefined
      }
    />
  );
}
