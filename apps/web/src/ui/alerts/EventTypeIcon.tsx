import { EVENT_TYPE_COLOURS, type EventType } from '@jejak/contract';
import { AlertOutlined, ControlOutlined, InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Readonly<Record<EventType, ComponentType<{ style?: React.CSSProperties }>>> = {
  INFO: InfoCircleOutlined,
  WARNING: WarningOutlined,
  CRITICAL: AlertOutlined,
  CONTROL: ControlOutlined,
};

/** An event's icon by its type, in the type's colour (spec 1 §2, §9). */
export function EventTypeIcon({ type }: { type: EventType }) {
  const Icon = ICONS[type];
  return (
    <span className="event-type-icon" role="img" aria-label={type} data-type={type}>
      <Icon style={{ color: `#${EVENT_TYPE_COLOURS[type]}` }} />
    </span>
  );
}
