import { displayStatus, STATUS_COLOURS } from '@jejak/domain';
import { Tag } from 'antd';
import { useSpecText } from '../../i18n/strings.ts';
import { textColourOn } from '../colour.ts';

/**
 * A transit status in its arrow colour (spec 1 §9, spec 2 §4), readable in light and dark
 * themes, in the console's language; a missing or unknown value shows as DISCONNECTED.
 */
export function TransitStatusTag({ status }: { status: string | null | undefined }) {
  const spec = useSpecText();
  const shown = displayStatus(status);
  const colour = `#${STATUS_COLOURS[shown]}`;
  return (
    <Tag
      variant="solid"
      color={colour}
      style={{ color: textColourOn(colour) }}
      data-testid="transit-status"
      data-status={shown}
      data-colour={colour}
    >
      {spec(shown)}
    </Tag>
  );
}
