import { useStrings } from '../../../i18n/strings.ts';
import { PATH_COLOURS, PATH_KINDS } from './path-chunks.ts';

/** What the path's colours mean (spec 1 §2: memory grey, transit orange, trip blue, normal red). */
export function PathLegend() {
  const s = useStrings().trips.legend;
  return (
    <ul className="trip-legend" data-testid="trip-legend">
      {PATH_KINDS.map((kind) => (
        <li key={kind}>
          <span className="trip-legend-swatch" style={{ background: PATH_COLOURS[kind] }} />
          {s[kind]}
        </li>
      ))}
    </ul>
  );
}
