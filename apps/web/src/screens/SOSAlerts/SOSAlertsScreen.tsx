import type { EscalationState } from '@jejak/contract';
import { mayCall, toPermissionRole } from '@jejak/domain';
import { Button, Card, Checkbox, DatePicker, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSessionUser } from '../../store/session.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { fromPickerValue, toPickerValue } from '../../ui/dates.ts';
import { formatAdminDateTime } from '../../ui/format.ts';
import { tablePagination } from '../../ui/table/table.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';
import { linkedChains, ticketLink, vehicleLink } from '../../ui/alerts/ticket-links.ts';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';
import { CallRecords } from './CallRecords.tsx';
import { StatusTag } from './StatusTag.tsx';
import { foundText, useEscalations } from './use-escalations.ts';
import './sos-alerts.css';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** Spec 3's screens write instants as YYYY-MM-DD HH:mm:ss (spec 3 §9). */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A chain's calls happen after it starts and well within a day (the scheduler gives up sooner). */
const CALL_WINDOW_MS = 86_400_000;
const callWindow = (state: EscalationState) => ({
  startTime: state.createdAt,
  endTime: state.createdAt + CALL_WINDOW_MS,
});

/**
 * /SOSAlerts (spec 3 §2): the call chains of a time range, each expandable to its call
 * records, with a one-way acknowledge that asks for a remark.
 */
export function SOSAlertsScreen() {
  const me = useSessionUser();
  const s = useStrings().alerts.sos;
  const empty = useStrings().empty;
  const spec = useSpecText();
  const lookup = useEscalations();
  const flow = useStrings().alertFlow.sos;
  // Opened from a ticket (ADR 0073): its chains' window, looked up at once, its rows marked.
  const linked = linkedChains(useLocation().state);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(() => {
    const window =
      linked ?? (({ startMs, endMs }) => ({ startTime: startMs, endTime: endMs }))(todayWindow(Date.now()));
    return [toPickerValue(window.startTime), toPickerValue(window.endTime)];
  });
  const { submit } = lookup;
  const linkedKey = linked && `${linked.ticketId}/${linked.startTime}/${linked.endTime}`;
  useEffect(() => {
    if (linked === null) return;
    setRange([toPickerValue(linked.startTime), toPickerValue(linked.endTime)]);
    submit({ startTime: linked.startTime, endTime: linked.endTime });
    // Once per link followed (the state object is new on every render).
  }, [linkedKey]);
  const [acknowledging, setAcknowledging] = useState<EscalationState | null>(null);
  const mayAcknowledge = mayCall(toPermissionRole(me.userRole), 'acknowledgeEscalations');
  const [start, end] = range ?? [null, null];
  // The server records who acknowledged by uid; the signed-in user is named.
  const byWhom = (uid: string | null) => (uid === null ? '-' : uid === me.uid ? me.userName : uid);

  const columns: TableColumnsType<EscalationState> = [
    {
      title: s.vehicle,
      key: 'vehicle',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.vehicleDisplayName}</span>
          <Typography.Text type="secondary">{r.vehiclePlate}</Typography.Text>
          <Link {...vehicleLink(r.vid)} data-testid="escalation-vehicle-link">
            {flow.viewVehicle}
          </Link>
        </Space>
      ),
    },
    { title: s.event, key: 'event', render: (_, r) => spec(r.event.eventName) },
    { title: s.notification, dataIndex: 'notificationName', key: 'notification' },
    { title: s.status, key: 'status', render: (_, r) => <StatusTag status={r.status} /> },
    { title: s.createdAt, key: 'created', render: (_, r) => formatAdminDateTime(r.createdAt) },
    {
      title: flow.ticket,
      key: 'ticket',
      render: (_, r) =>
        r.ticketId === null ? (
          '-'
        ) : r.ticketOpen ? (
          <Link {...ticketLink(r.ticketId)} data-testid="escalation-ticket-link">
            {flow.viewTicket}
          </Link>
        ) : (
          <Typography.Text type="secondary" data-testid="escalation-ticket-resolved">
            {flow.ticketResolved}
          </Typography.Text>
        ),
    },
    {
      title: s.acknowledged,
      key: 'acknowledged',
      render: (_, r) => (
        <Space size={6} align="start">
          <Checkbox
            checked={r.isAcknowledged}
            disabled={r.isAcknowledged || !mayAcknowledge}
            onChange={() => setAcknowledging(r)}
            data-testid="escalation-acknowledge"
            aria-label={s.acknowledged}
          />
          {r.isAcknowledged && (
            <Tooltip title={r.acknowledgedRemark}>
              <Typography.Text type="secondary" className="escalation-acknowledged">
                {s.acknowledgedBy(byWhom(r.acknowledgedBy), formatAdminDateTime(r.acknowledgedAt))}
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{s.title}</Typography.Title>}>
        <Space wrap className="sos-query">
          <DatePicker.RangePicker
            showTime
            format={PICKER_FORMAT}
            value={range}
            onChange={setRange}
            aria-label={s.range}
            className="sos-range"
            data-testid="sos-range"
          />
          <Button
            type="primary"
            disabled={start === null || end === null}
            loading={lookup.loading}
            data-testid="sos-submit"
            onClick={() => {
              if (start && end) lookup.submit({ startTime: fromPickerValue(start), endTime: fromPickerValue(end) });
            }}
          >
            {s.submit}
          </Button>
        </Space>
        {lookup.states !== null && (
          <Typography.Paragraph strong className="sos-found" data-testid="sos-found">
            {foundText(lookup.states.length)}
          </Typography.Paragraph>
        )}
        <Table<EscalationState>
          data-testid="escalation-table"
          rowKey="ecid"
          rowClassName={(r) => (linked !== null && r.ticketId === linked.ticketId ? 'escalation-row-linked' : '')}
          size="small"
          loading={lookup.loading}
          columns={columns}
          dataSource={[...(lookup.states ?? [])]}
          locale={{
            emptyText: (
              <EmptyState
                text={lookup.states === null ? empty.beforeSubmit : empty.escalations}
                testId="escalations-empty"
              />
            ),
          }}
          pagination={tablePagination(lookup.states?.length ?? 0)}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (r) => <CallRecords ecid={r.ecid} window={callWindow(r)} />,
          }}
        />
      </Card>
      {acknowledging && (
        <AcknowledgeDialog
          state={acknowledging}
          onCancel={() => setAcknowledging(null)}
          onDone={(state) => {
            lookup.replace(state);
            setAcknowledging(null);
          }}
        />
      )}
    </div>
  );
}
