/** Retry policy of deliveries (ADR 0047): exponential backoff from a base delay, a fixed number of attempts. */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
}

/** The delay before attempt `attempt + 1`, after `attempt` (1-based) failed: base, 2×base, 4×base, … */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
}

/**
 * Whether a failed attempt is worth another: not after the last one, and not when the answer
 * says trying again cannot help (a 4xx/5xx-permanent refusal; SMTP 5xx, HTTP 4xx).
 */
export function shouldRetry(policy: RetryPolicy, attempt: number, retryable: boolean): boolean {
  return retryable && attempt < policy.maxAttempts;
}
