import type { Readable } from 'node:stream';
import { NOTIFICATION_LOG_COLUMNS, notificationLogRows, type NotificationLogEntry } from '@jejak/contract';
import { safeFilePart, tableStream } from './xlsx-table.ts';

/*
 * The Notification Log export (spec 2 §2 "an export button saves a spreadsheet"): the screen's
 * columns and rows (the contract builds both), one sheet, header row frozen.
 */

export function notificationLogFileName(notificationName: string, startMs: number, endMs: number): string {
  return `notification-log_${safeFilePart(notificationName, 'notification')}_${startMs}-${endMs}.xlsx`;
}

const WIDE = new Set(['recipients', 'statusMessage']);

/** The export as a stream of .xlsx bytes. */
export function notificationLogStream(entries: readonly NotificationLogEntry[], timeZone: string): Readable {
  const columns = NOTIFICATION_LOG_COLUMNS.map((c) => ({ ...c, width: WIDE.has(c.key) ? 36 : 24 }));
  return tableStream('Notification Log', columns, notificationLogRows(entries, timeZone));
}
