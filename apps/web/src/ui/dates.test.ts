import { describe, expect, it } from 'vitest';
import { fromPickerValue, pickerDay, toPickerValue } from './dates.ts';

describe('date pickers in the users time zone', () => {
  const ms = Date.UTC(2026, 0, 31, 16, 30, 0); // 2026-02-01 00:30 in Kuala Lumpur (UTC+8)

  it('shows the wall-clock time of Asia/Kuala_Lumpur', () => {
    expect(toPickerValue(ms).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-02-01 00:30:00');
    expect(pickerDay(toPickerValue(ms))).toBe('2026-02-01');
  });

  it('reads a picked value back as the same instant', () => {
    expect(fromPickerValue(toPickerValue(ms))).toBe(ms);
    expect(fromPickerValue(toPickerValue(ms, 'UTC'), 'UTC')).toBe(ms);
  });
});
