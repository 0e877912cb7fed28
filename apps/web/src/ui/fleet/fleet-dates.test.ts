import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayPickerValue, dayStartMs, monthsAheadMs, pickedDayMs } from './fleet-dates.ts';

const TZ = 'Asia/Kuala_Lumpur';
// 2026-11-30 23:30 in Kuala Lumpur (15:30 UTC): already the 30th there.
const late = Date.UTC(2026, 10, 30, 15, 30);

describe('vehicle dates: Kuala Lumpur days, ms at the start of the day (spec 2 §3, §4)', () => {
  it("starts today at the user's midnight, not UTC's", () => {
    expect(dayStartMs(late, TZ)).toBe(Date.UTC(2026, 10, 29, 16, 0));
  });

  it('is 3 calendar months ahead, clamped to the month end', () => {
    expect(monthsAheadMs(late, 3, TZ)).toBe(Date.UTC(2027, 1, 27, 16, 0)); // 2027-02-28 KL
    expect(monthsAheadMs(Date.UTC(2026, 0, 15, 2), 3, TZ)).toBe(Date.UTC(2026, 3, 14, 16, 0)); // 2026-04-15 KL
  });

  it('reads a picked day as its start in the user zone, whatever zone the value carries', () => {
    expect(pickedDayMs(dayjs.utc('2026-12-01T20:00:00'), TZ)).toBe(Date.UTC(2026, 10, 30, 16, 0));
    expect(pickedDayMs(dayPickerValue(Date.UTC(2026, 10, 30, 16, 0), TZ), TZ)).toBe(Date.UTC(2026, 10, 30, 16, 0));
  });
});
