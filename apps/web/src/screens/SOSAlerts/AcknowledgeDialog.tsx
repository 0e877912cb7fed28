import type { EscalationState } from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { acknowledgeEscalation } from '../../api/alerts/escalations.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

interface AcknowledgeDialogProps {
  state: EscalationState;
  onDone: (state: EscalationState) => void;
  onCancel: () => void;
}

/** Acknowledging asks for a remark first; it cannot be undone (spec 3 §4). */
export function AcknowledgeDialog({ state, onDone, onCancel }: AcknowledgeDialogProps) {
  const s = useStrings().alerts.sos;
  const [remark, setRemark] = useState('');
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeEscalation(state.ecid, remark),
    onSuccess: onDone,
    onError: (error) => showToast('error', errorText(error)),
  });
  return (
    <Modal
      open
      title={s.acknowledgeTitle}
      okText={s.acknowledge}
      cancelText={s.cancel}
      confirmLoading={acknowledge.isPending}
      onOk={() => acknowledge.mutate()}
      onCancel={onCancel}
      className="acknowledge-dialog"
    >
      <Typography.Paragraph type="secondary">{s.acknowledgeHint}</Typography.Paragraph>
      <Typography.Text strong>{s.remark}</Typography.Text>
      <Input.TextArea
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 6 }}
        maxLength={1000}
        data-testid="acknowledge-remark"
      />
    </Modal>
  );
}
