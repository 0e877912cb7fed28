import { describe, expect, it } from 'vitest';
import { retryDelayMs, shouldRetry } from './backoff.ts';

const policy = { maxAttempts: 4, baseDelayMs: 1_000 };

describe('delivery backoff', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
  ])('after attempt %i waits %i ms', (attempt, delay) => {
    expect(retryDelayMs(policy, attempt)).toBe(delay);
  });

  it('retries a retryable failure until the last attempt', () => {
    expect([1, 2, 3, 4].map((a) => shouldRetry(policy, a, true))).toEqual([true, true, true, false]);
    expect(shouldRetry(policy, 1, false)).toBe(false);
  });
});
