import { UNDER_WAY, type DurationFormat, type ReportTable } from '@jejak/contract';
import type { Strings } from '../../i18n/en.ts';

const DURATIONS = new Set(['engine', 'moving', 'idling', 'parking', 'disconnected']);

/**
 * The Mileage table in the console's language: the contract writes its columns in English for
 * the export; the screen shows the catalogue's words, and the under-way mark likewise.
 */
export function localizeMileage(table: ReportTable, s: Strings['reports'], format: DurationFormat): ReportTable {
  const words: Record<string, string> = s.mileageColumns;
  return {
    columns: table.columns.map((c) => {
      const word = words[c.key];
      if (word === undefined) return c;
      return { ...c, label: format === 'decimal' && DURATIONS.has(c.key) ? `${word} (${s.hours})` : word };
    }),
    rows: table.rows.map((r) => (r.status === UNDER_WAY ? { ...r, status: s.underWay } : r)),
  };
}
