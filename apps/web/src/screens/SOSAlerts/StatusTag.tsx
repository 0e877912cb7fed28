import { Tag } from 'antd';
import { useSpecText } from '../../i18n/strings.ts';
import { escalationStatusTag } from '../../ui/alerts/escalation-status.ts';

export function StatusTag({ status }: { status: number }) {
  const tag = escalationStatusTag(status);
  const spec = useSpecText();
  return (
    <Tag color={tag.colour} data-testid="escalation-status" data-status={status}>
      {spec(tag.label)}
    </Tag>
  );
}
