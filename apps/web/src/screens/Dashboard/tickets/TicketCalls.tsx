import type { Ticket } from '@jejak/contract';
import { Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n/strings.ts';
import { sosAlertsLink } from '../../../ui/alerts/ticket-links.ts';
import { escalationStatusTag } from '../../../ui/alerts/escalation-status.ts';

/**
 * A ticket's escalation calls (ADR 0073): the newest chain's status and how many calls its
 * alarms' chains made, the last one rung, and a link to the chains on SOS Alerts.
 */
export function TicketCalls({ ticket }: { ticket: Ticket }) {
  const s = useStrings().alertFlow.ticket;
  const progress = ticket.escalation;
  const tag = progress ? escalationStatusTag(progress.status) : null;
  return (
    <Space size={6} wrap data-testid="ticket-calls">
      {progress && tag ? (
        <>
          <Tag color={tag.colour} data-testid="ticket-calls-status" data-status={progress.status}>
            {s.calls(tag.label, progress.calls)}
          </Tag>
          {progress.lastCall && (
            <Typography.Text type="secondary" data-testid="ticket-last-call">
              {s.lastCall(progress.lastCall.contactName)}
            </Typography.Text>
          )}
        </>
      ) : (
        <Typography.Text type="secondary">{s.noCalls}</Typography.Text>
      )}
      <Link {...sosAlertsLink(ticket)} data-testid="ticket-sos-alerts">
        {s.viewCalls}
      </Link>
    </Space>
  );
}
