import { describe, expect, it } from 'vitest';
import { formatLogTime, notificationLogRows, recipientText } from './notification-log-table.ts';
import type { NotificationLogEntry } from './notifications.ts';

const KL = 'Asia/Kuala_Lumpur';

describe('recipientText (spec 2 §2: per type)', () => {
  it.each([
    [0, { name: 'Ali', email: 'ali@x.my' }, 'ali@x.my (Ali)'],
    [0, { name: '', email: 'ali@x.my' }, 'ali@x.my'],
    [1, { name: 'Ali', uid: 'u1' }, 'Ali'],
    [1, { name: '', uid: 'u1' }, 'u1'],
    [2, { name: 'Ali', contact: '+60123456789' }, '+60123456789 (Ali)'],
    [3, { name: 'Siti', contact: '+60198765432' }, '+60198765432 (Siti)'],
  ] as const)('type %i %j → %s', (type, recipient, text) => {
    expect(recipientText(type, recipient)).toBe(text);
  });
});

describe('the log rows (spec 2 §2, §9)', () => {
  it('writes times as YYYY/MM/DD h:mm:ss A in the zone', () => {
    expect(formatLogTime(Date.UTC(2026, 10, 26, 6, 5, 9), KL)).toBe('2026/11/26 2:05:09 PM');
    expect(formatLogTime(Date.UTC(2026, 10, 25, 16, 0, 0), KL)).toBe('2026/11/26 12:00:00 AM');
    expect(formatLogTime(null, KL)).toBe('-');
  });
  it('shows each column of an entry', () => {
    const entry = {
      nlid: 'l1',
      notificationName: 'Calls',
      serviceType: 3,
      createdAt: Date.UTC(2026, 10, 26, 6, 5, 9),
      deviceTime: null,
      recipient: { name: 'Siti', contact: '+60123456789', isKeypadAuthorized: true },
      statusCode: 200,
      statusMessage: 'completed',
    } as unknown as NotificationLogEntry;
    expect(notificationLogRows([entry], KL)).toEqual([
      {
        key: 'l1',
        name: 'Calls',
        type: 'Call',
        recipients: '+60123456789 (Siti)',
        createdAt: '2026/11/26 2:05:09 PM',
        deviceTime: '-',
        statusCode: 200,
        statusMessage: 'completed',
      },
    ]);
  });
});
