import { STATUS_COLOURS, fixAge, type FixAge, type FleetRow, type FleetState, type GeoPoint } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchAddress } from '../../../api/map/geocode.ts';
import type { Strings } from '../../../i18n/en.ts';
import { useStrings } from '../../../i18n/strings.ts';
import { localizeAddress } from '../../../ui/format.ts';

/** Addresses are asked again once the vehicle has moved out of a cell this many degrees wide (about 110 m). */
const ADDRESS_CELL_DECIMALS = 3;

/** The state's colour: the spec's status colours, and a light grey for a tracker never heard from. */
export function fleetStateColour(state: FleetState): string {
  return state === 'NEVER_REPORTED' ? '#A6A6A6' : `#${STATUS_COLOURS[state]}`;
}

/** The address of the row's position, read only while the row is in view, and again after ~110 m. */
function RowAddress({ vid, location }: { vid: string; location: GeoPoint }) {
  const lat = location.lat.toFixed(ADDRESS_CELL_DECIMALS);
  const lon = location.lon.toFixed(ADDRESS_CELL_DECIMALS);
  const address = useQuery({
    queryKey: ['geocode-cell', lat, lon],
    queryFn: () => fetchAddress({ vid, lat: Number(lat), lon: Number(lon) }),
    staleTime: Infinity,
    retry: false,
  });
  const text = address.data?.address.trim();
  return <>{text ? localizeAddress(text) : '…'}</>;
}

/** "5 min ago", or null before the first fix (the row says there is no position yet). */
function ageWords(age: FixAge, words: Strings['fleetList']['age']): string | null {
  switch (age.unit) {
    case 'never':
      return null;
    case 'now':
      return words.now;
    case 'minutes':
    case 'hours':
    case 'days':
      return words[age.unit](age.value);
  }
}

interface FleetRowItemProps {
  row: FleetRow;
  nowMs: number;
  selected: boolean;
  onSelect: (vid: string) => void;
}

/** One vehicle of the fleet list: state, plate and name, speed, the age of its last fix and where it is. */
export function FleetRowItem({ row, nowMs, selected, onSelect }: FleetRowItemProps) {
  const s = useStrings().fleetList;
  const ageText = ageWords(fixAge(row.lastFixAt, nowMs), s.age);
  return (
    <button
      type="button"
      className={`fleet-row${selected ? ' fleet-row-selected' : ''}`}
      aria-pressed={selected}
      data-testid="fleet-row"
      data-vid={row.vid}
      data-state={row.state}
      onClick={() => onSelect(row.vid)}
    >
      <span className="fleet-row-dot" style={{ background: fleetStateColour(row.state) }} title={s.states[row.state]} />
      <span className="fleet-row-main">
        <span className="fleet-row-line">
          <strong className="fleet-row-plate">{row.plate}</strong>
          <span className="fleet-row-name">{row.name}</span>
          {row.speedKmh !== null && row.state !== 'NEVER_REPORTED' && (
            <span className="fleet-row-speed" data-testid="fleet-row-speed">
              {s.speed(row.speedKmh)}
            </span>
          )}
        </span>
        <span className="fleet-row-line fleet-row-sub">
          <span className="fleet-row-address" data-testid="fleet-row-address">
            {row.location ? <RowAddress vid={row.vid} location={row.location} /> : s.noPosition}
          </span>
          {ageText !== null && (
            <span className="fleet-row-age" data-testid="fleet-row-age">
              {ageText}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
