import { CheckOutlined } from '@ant-design/icons';
import { textColourOn } from '../colour.ts';

interface ColorSwatchesProps {
  /** Upper-case hex without '#' (spec 2 §5). */
  palette: readonly string[];
  value?: string;
  onChange?: (hex: string) => void;
  id?: string;
}

/**
 * A preset colour picker (spec 2 §2: vehicle group colours, geofence template swatches): one
 * button per colour, the chosen one ticked. A form item's value, as antd passes it.
 */
export function ColorSwatches({ palette, value, onChange, id }: ColorSwatchesProps) {
  return (
    <div className="color-swatches" role="radiogroup" id={id}>
      {palette.map((hex) => {
        const chosen = value?.toUpperCase() === hex;
        return (
          <button
            key={hex}
            type="button"
            role="radio"
            aria-checked={chosen}
            aria-label={`#${hex}`}
            data-testid={`swatch-${hex}`}
            className={chosen ? 'color-swatch color-swatch-chosen' : 'color-swatch'}
            style={{ background: `#${hex}`, color: textColourOn(`#${hex}`) }}
            onClick={() => onChange?.(hex)}
          >
            {chosen && <CheckOutlined />}
          </button>
        );
      })}
    </div>
  );
}
