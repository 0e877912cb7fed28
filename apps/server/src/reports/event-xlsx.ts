import type { Readable } from 'node:stream';
import { EVENT_COLUMNS, eventRows, type AlertEvent } from '@jejak/contract';
import { exportFileName, tableStream } from './xlsx-table.ts';

/* Event Record's export (spec 1 §2): the list's events, as the list words them, in one sheet. */

/** events-{vehicle}-{first day}.xlsx, the day in the console's zone. */
export function eventFileName(vehicle: string, startMs: number, timeZone: string): string {
  return exportFileName('events', vehicle, 'vehicle', startMs, timeZone);
}

const WIDTHS: Partial<Record<(typeof EVENT_COLUMNS)[number]['key'], number>> = {
  event: 32,
  address: 48,
  type: 12,
  speed: 14,
  lat: 12,
  lon: 12,
};

export function eventStream(events: readonly AlertEvent[], vehicle: string, timeZone: string): Readable {
  const columns = EVENT_COLUMNS.map((c) => ({ ...c, width: WIDTHS[c.key] ?? 24 }));
  return tableStream('Events', columns, eventRows(events, vehicle, timeZone));
}
