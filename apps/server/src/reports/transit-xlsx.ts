import type { Readable } from 'node:stream';
import { TRANSIT_COLUMNS, transitRows, type TransitColumn, type TransitRecord } from '@jejak/contract';
import { exportFileName, tableStream } from './xlsx-table.ts';

/* Trip Record's export (spec 1 §2): the transit records Trip Details shows, as it words them. */

/** transit-{vehicle}-{first day}.xlsx, the day in the console's zone. */
export function transitFileName(vehicle: string, startMs: number, timeZone: string): string {
  return exportFileName('transit', vehicle, 'vehicle', startMs, timeZone);
}

const WIDTHS: Partial<Record<TransitColumn, number>> = {
  status: 14,
  start: 21,
  end: 21,
  duration: 20,
  distance: 14,
  topSpeed: 17,
  avgSpeed: 21,
  startAddress: 44,
  endAddress: 44,
};

export function transitStream(records: readonly TransitRecord[], vehicle: string, timeZone: string): Readable {
  const columns = TRANSIT_COLUMNS.map((c) => ({ ...c, width: WIDTHS[c.key] ?? 24 }));
  return tableStream('Transit Records', columns, transitRows(records, vehicle, timeZone));
}
