import { describe, expect, it } from 'vitest';
import { checkContract } from './contract-form.ts';

const TZ = 'Asia/Kuala_Lumpur';
// 2026-01-31 10:00 in Kuala Lumpur
const start = Date.UTC(2026, 0, 31, 2, 0, 0);

describe('subscription contract rules (spec 3 §5)', () => {
  it("needs a contract type: 'Please select contract type'", () => {
    expect(checkContract({ contractType: undefined, startAt: start, customEndAt: undefined }, TZ)).toEqual({
      ok: false,
      message: 'Please select contract type',
    });
  });

  it('computes TWELVE and TWENTY_FOUR ends from the start, ignoring a picked end', () => {
    expect(checkContract({ contractType: 'TWELVE', startAt: start, customEndAt: 1 }, TZ)).toEqual({
      ok: true,
      contractType: 'TWELVE',
      startAt: start,
      endAt: Date.UTC(2027, 0, 31, 2, 0, 0),
    });
    const check = checkContract({ contractType: 'TWENTY_FOUR', startAt: start, customEndAt: undefined }, TZ);
    expect(check.ok && check.endAt).toBe(Date.UTC(2028, 0, 31, 2, 0, 0));
  });

  it('CUSTOM needs an end, not before the start', () => {
    expect(checkContract({ contractType: 'CUSTOM', startAt: start, customEndAt: undefined }, TZ)).toMatchObject({
      message: 'Please select end date',
    });
    expect(checkContract({ contractType: 'CUSTOM', startAt: start, customEndAt: start - 1 }, TZ)).toMatchObject({
      message: 'End date cannot be before start date',
    });
    expect(checkContract({ contractType: 'CUSTOM', startAt: start, customEndAt: start }, TZ)).toMatchObject({
      ok: true,
    });
  });

  it('needs a start', () => {
    expect(checkContract({ contractType: 'TWELVE', startAt: undefined, customEndAt: undefined }, TZ)).toMatchObject({
      message: 'Please select start date',
    });
  });
});
