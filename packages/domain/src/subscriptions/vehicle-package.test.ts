import { describe, expect, it } from 'vitest';
import { addCalendarMonths, utcOffsetMs } from './calendar.ts';
import {
  contractEndAt,
  dueStatus,
  effectiveStatus,
  isExpiringSoon,
  packageActions,
  timeStatus,
  type PackageStatus,
} from './vehicle-package.ts';

const KL = 'Asia/Kuala_Lumpur';
/** A wall-clock time in Kuala Lumpur (UTC+8, no daylight saving) as epoch ms. */
const myt = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);
const DAY = 86_400_000;
const NOW = myt(2026, 6, 15, 10, 30);

describe('calendar', () => {
  it('knows the Kuala Lumpur offset', () => {
    expect(utcOffsetMs(KL, NOW)).toBe(8 * 3_600_000);
    expect(utcOffsetMs('UTC', NOW)).toBe(0);
  });

  it.each([
    ['12 months, same local time', myt(2026, 1, 10, 9), 12, myt(2027, 1, 10, 9)],
    ['24 months', myt(2026, 3, 1), 24, myt(2028, 3, 1)],
    ['29 Feb + 12 months clamps to 28 Feb', myt(2028, 2, 29, 12), 12, myt(2029, 2, 28, 12)],
    ['29 Feb + 48 months stays 29 Feb', myt(2028, 2, 29), 48, myt(2032, 2, 29)],
    ['31 Jan + 1 month clamps to 28 Feb', myt(2026, 1, 31), 1, myt(2026, 2, 28)],
    // 1 Jan 00:30 in KL is still 31 Dec in UTC: the local date is what counts.
    ['local midnight that is the previous UTC day', myt(2026, 1, 1, 0, 30), 12, myt(2027, 1, 1, 0, 30)],
    ['local 31 Dec, UTC 31 Dec', myt(2026, 12, 31, 23), 2, myt(2027, 2, 28, 23)],
  ])('%s', (_name, start, months, end) => {
    expect(addCalendarMonths(start, months, KL)).toBe(end);
  });

  it('keeps the local time across a daylight-saving change elsewhere', () => {
    // 10:00 in New York on 15 Jan (EST) → 10:00 on 15 Jul (EDT).
    const start = Date.UTC(2026, 0, 15, 15);
    expect(addCalendarMonths(start, 6, 'America/New_York')).toBe(Date.UTC(2026, 6, 15, 14));
  });
});

describe('contract end', () => {
  it.each([
    ['TWELVE', myt(2026, 6, 1), null, myt(2027, 6, 1)],
    ['TWENTY_FOUR', myt(2026, 6, 1), null, myt(2028, 6, 1)],
    ['TWELVE ignores a picked end', myt(2026, 6, 1), myt(2026, 7, 1), myt(2027, 6, 1)],
    ['CUSTOM takes the picked end', myt(2026, 6, 1), myt(2026, 9, 30), myt(2026, 9, 30)],
    ['CUSTOM without an end has none', myt(2026, 6, 1), null, null],
  ] as const)('%s', (name, start, picked, end) => {
    const type = name.split(' ')[0] as 'TWELVE' | 'TWENTY_FOUR' | 'CUSTOM';
    expect(contractEndAt(type, start, picked, KL)).toBe(end);
  });

  it('is recomputed from a new start or type', () => {
    const start = myt(2026, 6, 1);
    expect(contractEndAt('TWELVE', start + DAY, null, KL)).toBe(myt(2027, 6, 2));
    expect(contractEndAt('TWENTY_FOUR', start, null, KL)).not.toBe(contractEndAt('TWELVE', start, null, KL));
  });
});

describe('status from time (fixed clock)', () => {
  it.each([
    ['start in the future', NOW + 1, NOW + 10 * DAY, 'PENDING'],
    ['start reached, end ahead', NOW, NOW + 10 * DAY, 'ACTIVE'],
    ['running', NOW - DAY, NOW + DAY, 'ACTIVE'],
    ['end reached', NOW - 10 * DAY, NOW, 'EXPIRED'],
    ['ended', NOW - 10 * DAY, NOW - 1, 'EXPIRED'],
  ])('%s: %s', (_name, start, end, status) => {
    expect(timeStatus(start, end, NOW)).toBe(status);
  });

  it.each([
    ['SUSPENDED', 'SUSPENDED'],
    ['TERMINATED', 'TERMINATED'],
    ['PENDING', 'ACTIVE'],
    ['ACTIVE', 'ACTIVE'],
    ['EXPIRED', 'ACTIVE'],
  ] as const)('stored %s shows as %s while the period runs', (stored, shown) => {
    expect(effectiveStatus({ status: stored, startAt: NOW - DAY, endAt: NOW + DAY }, NOW)).toBe(shown);
  });

  it.each([
    ['2 days 23 h left', NOW + 3 * DAY - 3_600_000, true],
    ['exactly 3 days left', NOW + 3 * DAY, false],
    ['a week left', NOW + 7 * DAY, false],
    ['1 ms left', NOW + 1, true],
    ['ended', NOW, false],
  ])('expiring soon with %s: %s', (_name, end, soon) => {
    expect(isExpiringSoon({ status: 'ACTIVE', startAt: NOW - 30 * DAY, endAt: end }, NOW)).toBe(soon);
  });

  it('a suspended package is never flagged expiring soon', () => {
    expect(isExpiringSoon({ status: 'SUSPENDED', startAt: NOW - DAY, endAt: NOW + DAY }, NOW)).toBe(false);
  });
});

describe('enabling rules (spec 3 §4)', () => {
  // add, edit, renew, suspend, unsuspend, terminate
  const T = true;
  const F = false;
  it.each([
    [null, [T, F, F, F, F, F]],
    ['PENDING', [F, T, T, T, F, T]],
    ['ACTIVE', [F, T, T, T, F, T]],
    ['EXPIRED', [F, T, T, T, F, T]],
    ['SUSPENDED', [F, F, F, F, T, T]],
    ['TERMINATED', [T, F, F, F, F, F]],
  ] as [PackageStatus | null, boolean[]][])('%s', (status, expected) => {
    const a = packageActions(status);
    expect([a.add, a.edit, a.renew, a.suspend, a.unsuspend, a.terminate]).toEqual(expected);
  });
});

describe('what the expiry job stores', () => {
  it.each([
    ['ACTIVE past its end', 'ACTIVE', NOW - 10 * DAY, NOW - 1, 'EXPIRED'],
    ['ACTIVE at its end', 'ACTIVE', NOW - 10 * DAY, NOW, 'EXPIRED'],
    ['ACTIVE still running', 'ACTIVE', NOW - 10 * DAY, NOW + 1, null],
    ['PENDING whose start came', 'PENDING', NOW - 1, NOW + DAY, 'ACTIVE'],
    ['PENDING whose whole period passed', 'PENDING', NOW - 2 * DAY, NOW - DAY, 'EXPIRED'],
    ['PENDING not yet', 'PENDING', NOW + 1, NOW + DAY, null],
    ['SUSPENDED past its end', 'SUSPENDED', NOW - 10 * DAY, NOW - 1, null],
    ['TERMINATED', 'TERMINATED', NOW - 10 * DAY, NOW - 1, null],
    ['EXPIRED', 'EXPIRED', NOW - 10 * DAY, NOW - 1, null],
  ] as const)('%s → %s', (_name, status, start, end, next) => {
    expect(dueStatus({ status, startAt: start, endAt: end }, NOW)).toBe(next);
  });
});
