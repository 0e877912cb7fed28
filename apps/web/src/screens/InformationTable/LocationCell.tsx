import { Tag } from 'antd';
import { textColourOn } from '../../ui/colour.ts';
import { useSpecText } from '../../i18n/strings.ts';
import { localizeAddress } from '../../ui/format.ts';
import { externalMapUrl, type VehicleRow } from './info-rows.ts';

interface LocationCellProps {
  row: VehicleRow;
  colourOf: (geoid: string) => string;
  linkLabel: string;
}

/**
 * The geofence badges the vehicle is inside (POI or Zone with the name, in the geofence's
 * colour), else the offline address of its position; a link to the external map at the position's
 * coordinates, in a new tab, when the position is known.
 */
export function LocationCell({ row, colourOf, linkLabel }: LocationCellProps) {
  const spec = useSpecText();
  // The cell shows one line: the whole text is its title, with where the link goes.
  const whole = row.inside.length > 0 ? row.locationText : localizeAddress(row.locationText);
  const content =
    row.inside.length > 0 ? (
      <span className="info-location-badges">
        {row.inside.map((b) => {
          const colour = colourOf(b.geoid);
          return (
            <Tag key={b.geoid} color={colour} variant="solid" style={{ color: textColourOn(colour) }}>
              {spec(b.kind)} · {b.name}
            </Tag>
          );
        })}
      </span>
    ) : (
      whole
    );
  if (!row.position)
    return (
      <span data-testid="info-location" title={whole}>
        {content}
      </span>
    );
  return (
    <a
      href={externalMapUrl(row.position)}
      target="_blank"
      rel="noopener noreferrer"
      title={`${whole} · ${linkLabel}`}
      data-testid="info-location"
    >
      {content}
    </a>
  );
}
