import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LOG_COLUMNS, type NotificationLogEntry } from '@jejak/contract';
import { notificationLogFileName, notificationLogStream } from './notification-log-xlsx.ts';

async function readBack(stream: NodeJS.ReadableStream): Promise<ExcelJS.Worksheet> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('Notification Log export (spec 2 §2)', () => {
  it('writes the screen columns and rows', async () => {
    const entry = {
      nlid: 'l1',
      nfid: 'n1',
      notificationName: 'Mail',
      serviceType: 0,
      createdAt: Date.UTC(2026, 10, 26, 6, 5, 9),
      deviceTime: Date.UTC(2026, 10, 26, 6, 5, 0),
      recipient: { name: 'Ali', email: 'ali@demo.my', isKeypadAuthorized: false },
      statusCode: 250,
      statusMessage: '250 OK',
    } as NotificationLogEntry;
    const sheet = await readBack(notificationLogStream([entry], 'Asia/Kuala_Lumpur'));
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(NOTIFICATION_LOG_COLUMNS.map((c) => c.label));
    expect(values(2)).toEqual([
      'Mail',
      'E-mail',
      'ali@demo.my (Ali)',
      '2026/11/26 2:05:09 PM',
      '2026/11/26 2:05:00 PM',
      250,
      '250 OK',
    ]);
  });
  it('names the file after the notification, safely, by its local days, not epoch ms (issue 25)', () => {
    const KL = 'Asia/Kuala_Lumpur';
    // Kuala Lumpur days run 16:00 to 16:00 UTC: 26 Nov 00:00 to 28 Nov 00:00 local covers 26 and 27.
    const start = Date.UTC(2026, 10, 25, 16);
    const day = 86_400_000;
    expect(notificationLogFileName('SOS "calls"/all', start, start + 2 * day, KL)).toBe(
      'notification-log-SOS_calls_all-2026-11-26-to-2026-11-27.xlsx',
    );
    expect(notificationLogFileName('Mail', start, start + day, KL)).toBe('notification-log-Mail-2026-11-26.xlsx');
  });
});
