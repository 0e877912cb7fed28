import { STATUS_COLOURS, type TransitStatus } from '@jejak/domain';
import { Tag } from 'antd';
import { textColourOn } from '../../ui/colour.ts';

/** A transit status in its arrow colour (spec 1 §9), readable in light and dark themes. */
export function TransitStatusTag({ status }: { status: TransitStatus }) {
  const colour = `#${STATUS_COLOURS[status]}`;
  return (
    <Tag color={colour} variant="solid" style={{ color: textColourOn(colour) }} data-status={status}>
      {status}
    </Tag>
  );
}
