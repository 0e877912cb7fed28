import { ALERT_TEXTS, type Ticket } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { serverTextOr } from '../../../api/error-text.ts';
import { resolveTickets, ticketKeys } from '../../../api/alerts/tickets.ts';
import { useSessionUser } from '../../../store/session.ts';
import { useStrings, useSpecText } from '../../../i18n/strings.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';
import { ticketRemark } from './ticket-text.ts';

interface ResolveDialogProps {
  tickets: readonly Ticket[];
  onDone: (resolvedIds: readonly string[]) => void;
  onCancel: () => void;
}

/** Mark Resolved's confirm (spec 1 §2): 'Resolve N Ticket(s)?' with a Remarks box prefilled at opening. */
export function ResolveDialog({ tickets, onDone, onCancel }: ResolveDialogProps) {
  const user = useSessionUser();
  const s = useStrings().alerts.tickets;
  const spec = useSpecText();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState(() => ticketRemark(Date.now(), user.userName));

  const resolve = useMutation({
    mutationFn: () =>
      resolveTickets({
        ticketStates: tickets.map((t) => ({ ticketId: t.ticketId, vid: t.vid, evid: t.evid })),
        remark,
        uid: user.uid,
      }),
    onSuccess: (ids) => {
      queryClient.setQueryData<Ticket[]>(ticketKeys.open(user.uid), (current) =>
        current?.filter((t) => !ids.includes(t.ticketId)),
      );
      showToast('success', s.resolved(ids.length));
      onDone(ids);
    },
    onError: (error) => showToast('error', serverTextOr(error, ALERT_TEXTS.ticketsResolveError)),
  });

  return (
    <Modal
      open
      title={spec(ALERT_TEXTS.ticketResolveConfirm.replace('{n}', String(tickets.length)))}
      okText={s.resolve}
      cancelText={s.cancel}
      confirmLoading={resolve.isPending}
      onOk={() => resolve.mutate()}
      onCancel={onCancel}
      className="resolve-dialog"
    >
      <Typography.Text strong>{s.remarks}</Typography.Text>
      <Input.TextArea
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 6 }}
        maxLength={1000}
        data-testid="resolve-remark"
      />
    </Modal>
  );
}
