import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { NOTIFICATION_LOG_COLUMNS, notificationLogRows, type NotificationLogEntry } from '@jejak/contract';

/*
 * The Notification Log export (spec 2 §2 "an export button saves a spreadsheet"): the screen's
 * columns and rows (the contract builds both), one sheet, header row frozen.
 */

export function notificationLogFileName(notificationName: string, startMs: number, endMs: number): string {
  const safe = notificationName.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'notification';
  return `notification-log_${safe}_${startMs}-${endMs}.xlsx`;
}

export function buildNotificationLogWorkbook(
  entries: readonly NotificationLogEntry[],
  timeZone: string,
): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Jejak';
  const sheet = workbook.addWorksheet('Notification Log', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = NOTIFICATION_LOG_COLUMNS.map((c) => ({
    header: c.label,
    key: c.key,
    width: c.key === 'recipients' || c.key === 'statusMessage' ? 36 : 24,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of notificationLogRows(entries, timeZone)) sheet.addRow(row);
  return workbook;
}

/** The export as a stream of .xlsx bytes. */
export function notificationLogStream(entries: readonly NotificationLogEntry[], timeZone: string): Readable {
  const out = new PassThrough();
  buildNotificationLogWorkbook(entries, timeZone)
    .xlsx.write(out)
    .then(
      () => out.end(),
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  return out;
}
