import { describe, expect, it } from 'vitest';
import { fullBucket, refill, spend, take } from './token-bucket.ts';

describe('token bucket', () => {
  it('takes one token at a time and refuses when empty, refilling at its rate up to its burst', () => {
    const b = fullBucket(2, 0);
    expect([take(b, 60, 2, 0), take(b, 60, 2, 0), take(b, 60, 2, 0)]).toEqual([true, true, false]);
    // 60 a minute: one a second.
    expect(take(b, 60, 2, 1_000)).toBe(true);
    expect(refill(b, 60, 2, 1_000_000)).toBe(2);
  });

  it('spends past empty and says how long the debt takes to pay', () => {
    const b = fullBucket(1_000, 0);
    expect(spend(b, 600, 60_000, 1_000, 0)).toBe(0);
    // 1,000 a second: 600 more leaves 200 owed, 200 ms.
    expect(spend(b, 600, 60_000, 1_000, 0)).toBe(200);
    expect(spend(b, 0, 60_000, 1_000, 200)).toBe(0);
    expect(spend(b, 0, 60_000, 1_000, 10_000)).toBe(0);
    expect(b.tokens).toBe(1_000);
  });
});
