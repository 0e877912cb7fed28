import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { DAY_NIGHT_LABELS, dayNight } from '@jejak/domain';
import { Tag } from 'antd';
import { useSpecText } from '../../i18n/strings.ts';
import { consoleTimeZone } from '../format.ts';

/**
 * Spec 1 §4's Day/Night label of an instant (hours 7 to 19 inclusive are Day) in the console's
 * zone, beside the time it labels; nothing without a time.
 */
export function DayNightTag({ ms }: { ms: number | null | undefined }) {
  const spec = useSpecText();
  if (ms === null || ms === undefined) return null;
  const label = dayNight(ms, consoleTimeZone());
  return (
    <Tag
      icon={label === 'DAY' ? <SunOutlined /> : <MoonOutlined />}
      color={label === 'DAY' ? 'gold' : 'geekblue'}
      data-testid="day-night"
      data-label={label}
      style={{ marginInlineStart: 8 }}
    >
      {spec(DAY_NIGHT_LABELS[label])}
    </Tag>
  );
}
