import { describe, expect, it } from 'vitest';
import { defaultLogWindow, notificationOptions, stateNfid } from './log-rows.ts';

describe('Notification Log choices (spec 2 §2, §9)', () => {
  it('defaults to the start of the month in Kuala Lumpur until now', () => {
    const now = Date.UTC(2026, 10, 26, 6, 0, 0);
    // 1 November 00:00 in UTC+8 is 31 October 16:00 UTC.
    expect(defaultLogWindow(now)).toEqual({ start: Date.UTC(2026, 9, 31, 16, 0, 0), end: now });
  });
  it('sorts the notification choices by name', () => {
    const list = [
      { nfid: '2', notificationName: 'beta' },
      { nfid: '1', notificationName: 'Alpha' },
    ] as unknown as Parameters<typeof notificationOptions>[0];
    expect(notificationOptions(list).map((o) => o.label)).toEqual(['Alpha', 'beta']);
  });
  it('takes the notification id from the route state', () => {
    expect(stateNfid({ nfid: 'n1' })).toBe('n1');
    expect(stateNfid({ nfid: '' })).toBeUndefined();
    expect(stateNfid(null)).toBeUndefined();
  });
});
