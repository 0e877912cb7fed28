import { UNDER_WAY, type ReportCell, type ReportTable } from '@jejak/contract';
import type { Strings } from '../../i18n/en.ts';
import { formatCoordinate, localizeDurationText, packageText, tankText } from '../../ui/format.ts';

/** A cell the contract worded as a duration: '2 hrs 3 mins', '0 secs', 'N/A'. */
const DURATION_TEXT = /^(N\/A|(\d+ (days|hrs|mins|secs) ?)+)$/;
/** A status with the under-way mark: 'TRANSIT (UNDER WAY)'. */
const MARKED = new RegExp(`^([A-Z]+) \\(${UNDER_WAY}\\)$`);
const HOURS_SUFFIX = ' (hours)';
/** The columns holding a latitude or a longitude. */
const COORDINATE = /^(lat|lon|startLat|startLon|endLat|endLon)$/;

function localizeCell(value: ReportCell, spec: (text: string) => string): ReportCell {
  if (typeof value !== 'string') return value;
  if (DURATION_TEXT.test(value)) return localizeDurationText(value);
  const marked = MARKED.exec(value);
  if (marked) return `${spec(marked[1] ?? '')} (${spec(UNDER_WAY)})`;
  return /^[A-Z ]+$|^(Valid|Invalid)$/.test(value) ? spec(value) : value;
}

/**
 * Any report table in the console's language: @jejak/contract writes its columns and fixed words
 * in English for the export; the screen shows them as the spec texts' table words them, and
 * durations in the language's units. Names, addresses and messages stay as they are.
 */
export function localizeReportTable(
  table: ReportTable,
  spec: (text: string) => string,
  strings: Pick<Strings, 'codes'> & { hours: string },
): ReportTable {
  const hours = strings.hours;
  const cell = (key: string, value: ReportCell): ReportCell => {
    if (key === 'vehicle' || value === null) return value;
    if (COORDINATE.test(key) && typeof value === 'number') return formatCoordinate(value);
    if (key === 'package' && typeof value === 'string') return packageText(strings.codes, value);
    if (key === 'tank' && typeof value === 'string') return tankText(strings.codes, value);
    return localizeCell(value, spec);
  };
  return {
    columns: table.columns.map((c) =>
      c.label.endsWith(HOURS_SUFFIX)
        ? { ...c, label: `${spec(c.label.slice(0, -HOURS_SUFFIX.length))} (${hours})` }
        : { ...c, label: spec(c.label) },
    ),
    rows: table.rows.map((r) => Object.fromEntries(Object.entries(r).map(([key, value]) => [key, cell(key, value)]))),
  };
}
