import { describe, expect, it } from 'vitest';
import { addCalendarMonths, utcOffsetMs } from './calendar.ts';
import {
  contractEndAt,
  dueChange,
  effectiveStatus,
  isExpiringSoon,
  packageActions,
  renewPackage,
  settlePackage,
  timeStatus,
  type ContractPeriod,
  type PackageState,
  type PackageStatus,
} from './vehicle-package.ts';

const KL = 'Asia/Kuala_Lumpur';
/** A wall-clock time in Kuala Lumpur (UTC+8, no daylight saving) as epoch ms. */
const myt = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);
const DAY = 86_400_000;
const NOW = myt(2026, 6, 15, 10, 30);

const pkg = (status: PackageStatus, startAt: number, endAt: number, renewal: ContractPeriod | null = null) =>
  ({ contractType: 'CUSTOM', status, startAt, endAt, renewal }) satisfies PackageState;
const period = (startAt: number, endAt: number): ContractPeriod => ({ contractType: 'TWELVE', startAt, endAt });

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
    expect(effectiveStatus(pkg(stored, NOW - DAY, NOW + DAY), NOW)).toBe(shown);
  });

  it.each([
    ['2 days 23 h left', NOW + 3 * DAY - 3_600_000, true],
    ['exactly 3 days left', NOW + 3 * DAY, false],
    ['a week left', NOW + 7 * DAY, false],
    ['1 ms left', NOW + 1, true],
    ['ended', NOW, false],
  ])('expiring soon with %s: %s', (_name, end, soon) => {
    expect(isExpiringSoon(pkg('ACTIVE', NOW - 30 * DAY, end), NOW)).toBe(soon);
  });

  it('a suspended package is never flagged expiring soon', () => {
    expect(isExpiringSoon(pkg('SUSPENDED', NOW - DAY, NOW + DAY), NOW)).toBe(false);
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
    ['TERMINATED', [F, F, F, F, F, F]],
  ] as [PackageStatus | null, boolean[]][])('%s', (status, expected) => {
    const a = packageActions(status);
    expect([a.add, a.edit, a.renew, a.suspend, a.unsuspend, a.terminate]).toEqual(expected);
  });

  it('a renewal booked to start by the end keeps the vehicle from being flagged', () => {
    const ending = NOW + DAY;
    expect(isExpiringSoon(pkg('ACTIVE', NOW - 30 * DAY, ending, period(ending, ending + 365 * DAY)), NOW)).toBe(false);
    expect(isExpiringSoon(pkg('ACTIVE', NOW - 30 * DAY, ending, period(ending + 1, ending + 365 * DAY)), NOW)).toBe(
      true,
    );
  });
});

describe('renewals (ADR 0024)', () => {
  const running = pkg('ACTIVE', NOW - 300 * DAY, NOW + 65 * DAY);

  it('books a renewal that starts later; the package stays ACTIVE on its period until then', () => {
    const renewal = period(running.endAt, running.endAt + 365 * DAY);
    const booked = renewPackage(running, renewal, NOW);
    expect(booked).toEqual({ ...running, renewal });
    expect(effectiveStatus(booked, NOW)).toBe('ACTIVE');
    expect(effectiveStatus(booked, running.endAt - 1)).toBe('ACTIVE');
    // At its start the renewal is the period: no gap, still ACTIVE.
    expect(settlePackage(booked, running.endAt)).toEqual({ ...renewal, status: 'ACTIVE', renewal: null });
  });

  it('a renewal starting before the end takes over at its start', () => {
    const renewal = period(NOW + 10 * DAY, NOW + 375 * DAY);
    const booked = renewPackage(running, renewal, NOW);
    expect(settlePackage(booked, NOW + 10 * DAY - 1)).toMatchObject({ startAt: running.startAt, status: 'ACTIVE' });
    expect(settlePackage(booked, NOW + 10 * DAY)).toMatchObject({ startAt: renewal.startAt, renewal: null });
  });

  it('a renewal starting after a gap leaves the package EXPIRED between the two periods', () => {
    const renewal = period(running.endAt + 5 * DAY, running.endAt + 370 * DAY);
    const booked = renewPackage(running, renewal, NOW);
    expect(effectiveStatus(booked, running.endAt + DAY)).toBe('EXPIRED');
    expect(effectiveStatus(booked, renewal.startAt)).toBe('ACTIVE');
  });

  it('a renewal starting now or earlier replaces the period at once', () => {
    const renewal = period(NOW, NOW + 365 * DAY);
    expect(renewPackage(running, renewal, NOW)).toEqual({ ...renewal, status: 'ACTIVE', renewal: null });
    const expired = pkg('EXPIRED', NOW - 400 * DAY, NOW - 35 * DAY);
    expect(renewPackage(expired, period(NOW - DAY, NOW + 364 * DAY), NOW).status).toBe('ACTIVE');
  });

  it('renewing again replaces the booked renewal', () => {
    const first = renewPackage(running, period(running.endAt, running.endAt + 365 * DAY), NOW);
    const second = period(running.endAt, running.endAt + 730 * DAY);
    expect(renewPackage(first, second, NOW).renewal).toEqual(second);
  });

  it('a suspended package keeps its booked renewal untaken until it is settled again', () => {
    const renewal = period(NOW - DAY, NOW + 364 * DAY);
    const suspended = pkg('SUSPENDED', NOW - 300 * DAY, NOW - DAY, renewal);
    expect(settlePackage(suspended, NOW)).toBe(suspended);
    expect(settlePackage({ ...suspended, status: 'ACTIVE' }, NOW)).toMatchObject({ ...renewal, renewal: null });
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
    const change = dueChange(pkg(status, start, end), NOW);
    expect(change).toBe(next === null ? null : next === 'ACTIVE' ? 'start' : 'expire');
  });

  it.each([
    ['ACTIVE whose booked renewal starts', 'ACTIVE', NOW - DAY, 'start'],
    ['EXPIRED whose booked renewal starts', 'EXPIRED', NOW, 'start'],
    ['ACTIVE whose booked renewal is still ahead', 'ACTIVE', NOW + 1, null],
    ['SUSPENDED whose booked renewal start passed', 'SUSPENDED', NOW - DAY, null],
  ] as const)('%s: %s', (_name, status, renewalStart, change) => {
    const end = status === 'EXPIRED' ? NOW - DAY : NOW + DAY;
    const renewal = period(renewalStart, renewalStart + 365 * DAY);
    expect(dueChange(pkg(status, NOW - 300 * DAY, end, renewal), NOW)).toBe(change);
  });
});
