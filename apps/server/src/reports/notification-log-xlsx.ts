import type { Readable } from 'node:stream';
import { NOTIFICATION_LOG_COLUMNS, notificationLogRows, type NotificationLogEntry } from '@jejak/contract';
import { exportFileName, tableStream } from './xlsx-table.ts';

/*
 * The Notification Log export (spec 2 §2 "an export button saves a spreadsheet"): the screen's
 * columns and rows (the contract builds both), one sheet, header row frozen.
 */

/** Named like the other exports, by the window's local days (issue 25 defect 7: not epoch ms). */
export function notificationLogFileName(
  notificationName: string,
  startMs: number,
  endMs: number,
  timeZone: string,
): string {
  return exportFileName('notification-log', notificationName, 'notification', startMs, timeZone, endMs);
}

const WIDE = new Set(['recipients', 'statusMessage']);

/** The export as a stream of .xlsx bytes. */
export function notificationLogStream(entries: readonly NotificationLogEntry[], timeZone: string): Readable {
  const columns = NOTIFICATION_LOG_COLUMNS.map((c) => ({ ...c, width: WIDE.has(c.key) ? 36 : 24 }));
  return tableStream('Notification Log', columns, notificationLogRows(entries, timeZone));
}
