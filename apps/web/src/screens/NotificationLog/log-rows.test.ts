import type { NotificationLogEntry } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { defaultLogWindow, formatLogTime, logRows, notificationOptions } from './log-rows.ts';

describe('Notification Log rows (spec 2 §2, §9)', () => {
  it('defaults to the start of the month in Kuala Lumpur until now', () => {
    const now = Date.UTC(2026, 10, 26, 6, 0, 0);
    // 1 November 00:00 in UTC+8 is 31 October 16:00 UTC.
    expect(defaultLogWindow(now)).toEqual({ start: Date.UTC(2026, 9, 31, 16, 0, 0), end: now });
  });
  it('shows times as YYYY/MM/DD h:mm:ss A', () => {
    expect(formatLogTime(Date.UTC(2026, 10, 26, 6, 5, 9))).toBe('2026/11/26 2:05:09 PM');
    expect(formatLogTime(null)).toBe('-');
  });
  it('shows the recipient per type', () => {
    const entry = {
      nlid: 'l1',
      notificationName: 'Calls',
      serviceType: 3,
      createdAt: 0,
      deviceTime: null,
      recipient: { name: 'Siti', contact: '+60123456789', isKeypadAuthorized: true },
      statusCode: 200,
      statusMessage: 'completed',
    } as unknown as NotificationLogEntry;
    expect(logRows([entry], { 3: 'Call' })[0]).toMatchObject({
      type: 'Call',
      recipients: '+60123456789 (Siti)',
      deviceTime: '-',
      statusCode: 200,
    });
  });
  it('sorts the notification choices by name', () => {
    const list = [
      { nfid: '2', notificationName: 'beta' },
      { nfid: '1', notificationName: 'Alpha' },
    ] as Parameters<typeof notificationOptions>[0];
    expect(notificationOptions(list).map((o) => o.label)).toEqual(['Alpha', 'beta']);
  });
});
