import { Tag } from 'antd';
import { escalationStatusTag } from '../../ui/alerts/escalation-status.ts';

export function StatusTag({ status }: { status: number }) {
  const tag = escalationStatusTag(status);
  return (
    <Tag color={tag.colour} data-testid="escalation-status" data-status={status}>
      {tag.label}
    </Tag>
  );
}
