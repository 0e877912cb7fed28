import { describe, expect, it } from 'vitest';
import { permitStatus, PERMIT_STATUS_COLOURS } from './permit-status.ts';

const KL = 'Asia/Kuala_Lumpur';
/** A wall-clock time in Kuala Lumpur (UTC+8, no daylight saving) as epoch ms. */
const kl = (iso: string) => Date.parse(`${iso}+08:00`);

describe('permit status (spec 2 §4), by Kuala Lumpur days', () => {
  const now = kl('2026-11-26T10:00:00');
  it.each([
    ['no due date', null, '-'],
    ['due yesterday', kl('2026-11-25T00:00:00'), 'Expired'],
    ['due today, start of the day', kl('2026-11-26T00:00:00'), 'Expired'],
    ['due today, later than now', kl('2026-11-26T23:00:00'), 'Expired'],
    ['due tomorrow', kl('2026-11-27T00:00:00'), 'Expiring Soon'],
    ['due the day before 3 months from today', kl('2027-02-25T00:00:00'), 'Expiring Soon'],
    ['due exactly 3 months from today', kl('2027-02-26T00:00:00'), 'In Service'],
    ['due in a year', kl('2027-11-26T00:00:00'), 'In Service'],
  ])('%s', (_, due, expected) => {
    expect(permitStatus(due, now, KL)).toBe(expected);
  });

  it('reads "today" in the users’ time zone, not UTC', () => {
    // 23:30 UTC on the 25th is already the 26th in Kuala Lumpur: a permit due on the 26th has expired.
    const lateUtc = Date.parse('2026-11-25T23:30:00Z');
    const dueThe26th = kl('2026-11-26T12:00:00');
    expect(permitStatus(dueThe26th, lateUtc, KL)).toBe('Expired');
    expect(permitStatus(dueThe26th, lateUtc, 'UTC')).toBe('Expiring Soon');
  });

  it('clamps 3 months to the end of a shorter month', () => {
    // 30 November + 3 months is 28 February (2027 is not a leap year).
    const end = kl('2026-11-30T09:00:00');
    expect(permitStatus(kl('2027-02-27T00:00:00'), end, KL)).toBe('Expiring Soon');
    expect(permitStatus(kl('2027-02-28T00:00:00'), end, KL)).toBe('In Service');
  });

  it('colours each status: red, orange, green', () => {
    expect(PERMIT_STATUS_COLOURS).toEqual({ Expired: 'red', 'Expiring Soon': 'orange', 'In Service': 'green' });
  });
});
